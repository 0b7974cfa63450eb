import { logger } from '../../observability';
import { webSocketHandler } from '../triggers';
import { connectionRepository } from '../../wiring';

const connections = connectionRepository();

/** $disconnect is best-effort on AWS: rows it misses expire by TTL or are removed on a 410. */
export const handler = webSocketHandler('$disconnect', async (event) => {
  await connections.remove(event.requestContext.connectionId);
  logger.info('disconnect', { route: '$disconnect', connectionId: event.requestContext.connectionId });
  return { statusCode: 200 };
});
