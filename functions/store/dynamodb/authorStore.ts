import { GetCommand, QueryCommand, type DynamoDBDocumentClient, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import type { AccountlessAuthor, AuthorPostsQuery, AuthorStore, AuthorTotals, NamedAccount } from '../../domain/ports/authors';
import type { Page, StoredPost } from '../../domain/ports/posts';
import { NAMES_TABLE, POSTS_INDEX, POSTS_KEYS } from '../tables';

const NAMES_TTL = NAMES_TABLE.ttlAttribute;
import { batchGetPosts } from './postBatch';
import { keyIs } from './keys';

/**
 * The account an apodo's unique key leads to, in two GetItems: the name row, then its account's row,
 * which must still point at that name (a rename or a deletion moves or removes both in one
 * transaction, so they only disagree if one happened between the two reads — then there is no such
 * author now) or, for a former name (its row has an `expiresAt`), at another one: the account's apodo
 * now. Author pages and blocks both find accounts by it.
 */
export async function namedAccount(client: DynamoDBDocumentClient, namesTable: string, key: string): Promise<NamedAccount | undefined> {
  const { Item: nameRow } = await client.send(new GetCommand({ TableName: namesTable, Key: { key: `name#${key}` } }));
  if (typeof nameRow?.userId !== 'string' || typeof nameRow.name !== 'string') return undefined;
  const { Item: account } = await client.send(new GetCommand({ TableName: namesTable, Key: { key: `user#${nameRow.userId}` } }));
  if (!account || account.deleted === true || typeof account.name !== 'string') return undefined;
  const former = typeof nameRow[NAMES_TTL] === 'number';
  if (former === (account.nameKey === key)) return undefined;
  return {
    userId: nameRow.userId,
    name: account.name,
    ...(typeof account.since === 'string' ? { since: account.since } : {}),
    ...(former ? { formerUntil: new Date((nameRow[NAMES_TTL] as number) * 1000).toISOString() } : {}),
  };
}

/**
 * Author pages over the names table (the apodo's row `name#<key>` → its account, the account's row
 * `user#<sub>` → since when it is named; a renamed account's former apodo keeps its row with an
 * `expiresAt`) and the posts table's author-feed-index (an author's published posts, sparse by
 * `sortKey`, projecting only the vote counters; an accountless name's posts are there under its
 * author id too).
 */
export class DynamoAuthorStore implements AuthorStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tables: { posts: string; names: string },
  ) {}

  async byNameKey(key: string): Promise<NamedAccount | undefined> {
    return namedAccount(this.client, this.tables.names, key);
  }

  /** One Query of author-feed-index (the newest entry's id), then one GetItem of that post for the name it carries. */
  async accountless(authorId: string): Promise<AccountlessAuthor | undefined> {
    const { Items = [] } = await this.client.send(
      new QueryCommand({
        TableName: this.tables.posts,
        IndexName: POSTS_INDEX.authorFeed,
        ...keyIs(POSTS_KEYS.authorId, authorId),
        ProjectionExpression: 'id',
        ScanIndexForward: false,
        Limit: 1,
      }),
    );
    const id: unknown = Items[0]?.id;
    if (typeof id !== 'string') return undefined;
    const { Item } = await this.client.send(
      new GetCommand({ TableName: this.tables.posts, Key: { id }, ProjectionExpression: '#n', ExpressionAttributeNames: { '#n': 'name' } }),
    );
    return typeof Item?.name === 'string' ? { authorId, name: Item.name } : undefined;
  }

  /**
   * Pages through the author's entries of author-feed-index (each about 150 bytes: keys and two
   * counters, so one 1 MB page holds several thousand posts) and adds them up.
   */
  async totals(authorId: string): Promise<AuthorTotals> {
    const totals: AuthorTotals = { posts: 0, votes: { agree: 0, deserved: 0 } };
    let start: Record<string, unknown> | undefined;
    do {
      const page: QueryCommandOutput = await this.client.send(
        new QueryCommand({
          TableName: this.tables.posts,
          IndexName: POSTS_INDEX.authorFeed,
          KeyConditionExpression: '#p = :p',
          ExpressionAttributeNames: { '#p': POSTS_KEYS.authorId, '#s': POSTS_KEYS.sortKey },
          ExpressionAttributeValues: { ':p': authorId },
          ProjectionExpression: '#s, agree, deserved',
          ScanIndexForward: false,
          ExclusiveStartKey: start,
        }),
      );
      for (const item of page.Items ?? []) {
        totals.posts += 1;
        totals.votes.agree += typeof item.agree === 'number' ? item.agree : 0;
        totals.votes.deserved += typeof item.deserved === 'number' ? item.deserved : 0;
        if (typeof item[POSTS_KEYS.sortKey] === 'string') totals.oldestPublishedAt = (item[POSTS_KEYS.sortKey] as string).split('#')[0];
      }
      start = page.LastEvaluatedKey;
    } while (start);
    return totals;
  }

  async publishedPage({ authorId, limit, afterSortKey }: AuthorPostsQuery): Promise<Page<StoredPost> & { lastSortKey?: string }> {
    const { Items = [] } = await this.client.send(
      new QueryCommand({
        TableName: this.tables.posts,
        IndexName: POSTS_INDEX.authorFeed,
        KeyConditionExpression: afterSortKey ? '#p = :p AND #s < :after' : '#p = :p',
        ExpressionAttributeNames: { '#p': POSTS_KEYS.authorId, '#s': POSTS_KEYS.sortKey },
        ExpressionAttributeValues: { ':p': authorId, ...(afterSortKey ? { ':after': afterSortKey } : {}) },
        ProjectionExpression: 'id, #s',
        ScanIndexForward: false,
        Limit: limit + 1,
      }),
    );
    const entries: Record<string, unknown>[] = Items.slice(0, limit);
    const ids = entries.map((item) => item.id).filter((id): id is string => typeof id === 'string');
    const posts = await batchGetPosts(this.client, this.tables.posts, ids);
    // A post that left the feeds between the Query and the read is left out (the page is one shorter).
    const items = ids
      .map((id) => posts.get(id))
      .filter((post): post is StoredPost => post?.status === 'published' && post.authorId === authorId);
    const last = entries.at(-1)?.[POSTS_KEYS.sortKey];
    return { items, hasMore: Items.length > limit, ...(typeof last === 'string' ? { lastSortKey: last } : {}) };
  }
}
