import { BatchGetCommand, paginateQuery, type BatchGetCommandOutput, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { StoredPost } from '../../domain/ports/posts';
import { FEED_PARTITION, POSTS_INDEX, POSTS_KEYS } from '../tables';
import { postFromItem } from './postItems';

/** BatchGetItem takes at most 100 keys; unprocessed keys (throttling) are asked for again a few times. */
const BATCH_GET_LIMIT = 100;
const ROUNDS = 8;

/**
 * The posts with these ids (at most 100: one page), by id, read with one BatchGetItem (more rounds
 * only for keys DynamoDB left unprocessed). Ids with no post are absent from the map.
 */
export async function batchGetPosts(
  client: DynamoDBDocumentClient,
  table: string,
  ids: readonly string[],
): Promise<Map<string, StoredPost>> {
  if (ids.length > BATCH_GET_LIMIT) throw new Error(`batchGetPosts reads at most ${BATCH_GET_LIMIT} posts at a time`);
  const found = new Map<string, StoredPost>();
  let keys: Record<string, unknown>[] | undefined = [...new Set(ids)].map((id) => ({ id }));
  for (let round = 0; keys && keys.length > 0 && round < ROUNDS; round++) {
    if (round > 0) await new Promise((resolve) => setTimeout(resolve, 25 * 2 ** round));
    const result: BatchGetCommandOutput = await client.send(new BatchGetCommand({ RequestItems: { [table]: { Keys: keys } } }));
    for (const item of result.Responses?.[table] ?? []) {
      const post = postFromItem(item);
      if (post) found.set(post.id, post);
    }
    keys = result.UnprocessedKeys?.[table]?.Keys;
  }
  if (keys && keys.length > 0) throw new Error('BatchGetItem left posts unprocessed');
  return found;
}

/**
 * Every published post, a page of the posts table's feed index at a time (no Scan of the posts), for
 * the rebuilds that walk the whole archive. Pages with no published post are skipped.
 */
export async function* publishedPostPages(client: DynamoDBDocumentClient, table: string, pageSize: number): AsyncIterable<StoredPost[]> {
  const pages = paginateQuery(
    { client, pageSize },
    {
      TableName: table,
      IndexName: POSTS_INDEX.feed,
      KeyConditionExpression: '#feed = :all',
      ExpressionAttributeNames: { '#feed': POSTS_KEYS.feed },
      ExpressionAttributeValues: { ':all': FEED_PARTITION },
    },
  );
  for await (const page of pages) {
    const posts = (page.Items ?? []).map((item) => postFromItem(item)).filter((post): post is StoredPost => post?.status === 'published');
    if (posts.length > 0) yield posts;
  }
}
