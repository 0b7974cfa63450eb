import { readTop } from '../../domain/votes';
import { httpHandler, json, PUBLIC_READ } from './http';
import { rankingStore } from '../../wiring';

const top = rankingStore();

/** GET /posts/top?period=&by=&limit=&cursor= — the same page for every reader: shared a few seconds. */
export const handler = httpHandler(async (event) => {
  const query = event.queryStringParameters ?? {};
  const page = await readTop({ top }, { period: query.period, by: query.by, limit: query.limit, cursor: query.cursor });
  return json(200, page, PUBLIC_READ);
});
