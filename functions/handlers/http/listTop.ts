import { documentClient } from '../../clients';
import { requireEnv } from '../../config';
import { readTop } from '../../domain/votes';
import { DynamoRankingStore } from '../../store/dynamodb/rankingStore';
import { ENV } from '../../store/tables';
import { httpHandler, json, PUBLIC_READ } from './http';

const env = requireEnv(ENV.postsTable, ENV.topTable);
const top = new DynamoRankingStore(documentClient, { posts: env[ENV.postsTable], top: env[ENV.topTable] });

/** GET /posts/top?period=&by=&limit=&cursor= — the same page for every reader: shared a few seconds. */
export const handler = httpHandler(async (event) => {
  const query = event.queryStringParameters ?? {};
  const page = await readTop({ top }, { period: query.period, by: query.by, limit: query.limit, cursor: query.cursor });
  return json(200, page, PUBLIC_READ);
});
