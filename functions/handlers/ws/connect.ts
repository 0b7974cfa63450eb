import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2, Context } from 'aws-lambda';
import { logger } from '../../observability';
import { connectionRepository } from './connectionDeps';

/** $connect: remember the connection so the broadcast can reach it. No auth: the feed is public. */
export const handler = async (event: APIGatewayProxyWebsocketEventV2, context?: Context): Promise<APIGatewayProxyResultV2> => {
  if (context) logger.addContext(context);
  await connectionRepository.add(event.requestContext.connectionId, new Date());
  logger.info('connect', { route: '$connect', connectionId: event.requestContext.connectionId });
  return { statusCode: 200 };
};
