import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { paginateQuery, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/** Where one author's items are: a table keyed by `id`, and its index by author. */
export type AuthorIndex = { tableName: string; indexName: string; authorAttribute: string };

/**
 * Signs every item of an author with `name` (posts and comments after a rename, «Anónimo» after a
 * deletion): pages through the author index and updates each item not yet signed so, ten at a time,
 * each on the condition that it is still this author's. Returns how many items it changed.
 */
export async function signAuthorItems(client: DynamoDBDocumentClient, where: AuthorIndex, authorId: string, name: string): Promise<number> {
  let changed = 0;
  const pages = paginateQuery(
    { client, pageSize: 100 },
    {
      TableName: where.tableName,
      IndexName: where.indexName,
      KeyConditionExpression: '#a = :a',
      ExpressionAttributeNames: { '#a': where.authorAttribute },
      ExpressionAttributeValues: { ':a': authorId },
    },
  );
  for await (const page of pages) {
    const ids = (page.Items ?? []).filter((item) => item.name !== name && typeof item.id === 'string').map((item) => item.id as string);
    for (let i = 0; i < ids.length; i += 10) {
      const results = await Promise.all(ids.slice(i, i + 10).map((id) => signOne(client, where, id, authorId, name)));
      changed += results.filter(Boolean).length;
    }
  }
  return changed;
}

async function signOne(client: DynamoDBDocumentClient, where: AuthorIndex, id: string, authorId: string, name: string): Promise<boolean> {
  try {
    await client.send(
      new UpdateCommand({
        TableName: where.tableName,
        Key: { id },
        UpdateExpression: 'SET #name = :name',
        ConditionExpression: '#author = :author',
        ExpressionAttributeNames: { '#name': 'name', '#author': where.authorAttribute },
        ExpressionAttributeValues: { ':name': name, ':author': authorId },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}
