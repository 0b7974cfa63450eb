import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2, Context } from 'aws-lambda';
import { logger } from '../../observability';
import { connectionRepository } from '../../wiring';

const connections = connectionRepository();

/** $disconnect is best-effort on AWS: rows it misses expire by TTL or are removed on a 410. */
export const handler = async (event: APIGatewayProxyWebsocketEventV2, context?: Context): Promise<APIGatewayProxyResultV2> => {
  if (context) logger.addContext(context);
  await connections.remove(event.requestContext.connectionId);
  logger.info('disconnect', { route: '$disconnect', connectionId: event.requestContext.connectionId });
  return { statusCode: 200 };
};
