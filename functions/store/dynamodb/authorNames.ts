import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { paginateQuery, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Signature } from '../../domain/ports/accounts';
import { keyIs } from './keys';

/** Where one author's items are: a table keyed by `id`, and its index by author. */
export type AuthorIndex = { tableName: string; indexName: string; authorAttribute: string };

/** The attribute holding the version of the account row an item's `name` was read from. */
export const NAME_VERSION_ATTRIBUTE = 'nameVersion';

/**
 * Signs every item of an author with `signature` (posts and comments after a rename, «Anonimo» after
 * a deletion): pages through the author index and updates each item not yet signed so, ten at a
 * time, each on the condition that it is still this author's and signed with an older version (or
 * none): a re-signing that lost a race to a newer rename leaves the newer name. Returns how many
 * items it changed.
 */
export async function signAuthorItems(
  client: DynamoDBDocumentClient,
  where: AuthorIndex,
  authorId: string,
  signature: Signature,
): Promise<number> {
  let changed = 0;
  const pages = paginateQuery(
    { client, pageSize: 100 },
    {
      TableName: where.tableName,
      IndexName: where.indexName,
      ...keyIs(where.authorAttribute, authorId),
    },
  );
  for await (const page of pages) {
    const ids = (page.Items ?? [])
      .filter(
        (item) =>
          typeof item.id === 'string' &&
          !(typeof item[NAME_VERSION_ATTRIBUTE] === 'number' && item[NAME_VERSION_ATTRIBUTE] >= signature.version),
      )
      .map((item) => item.id as string);
    for (let i = 0; i < ids.length; i += 10) {
      const results = await Promise.all(ids.slice(i, i + 10).map((id) => signOne(client, where, id, authorId, signature)));
      changed += results.filter(Boolean).length;
    }
  }
  return changed;
}

async function signOne(
  client: DynamoDBDocumentClient,
  where: AuthorIndex,
  id: string,
  authorId: string,
  signature: Signature,
): Promise<boolean> {
  try {
    await client.send(
      new UpdateCommand({
        TableName: where.tableName,
        Key: { id },
        UpdateExpression: 'SET #name = :name, #version = :version',
        ConditionExpression: '#author = :author AND (attribute_not_exists(#version) OR #version < :version)',
        ExpressionAttributeNames: { '#name': 'name', '#author': where.authorAttribute, '#version': NAME_VERSION_ATTRIBUTE },
        ExpressionAttributeValues: { ':name': signature.name, ':author': authorId, ':version': signature.version },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}
