import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2, Context } from 'aws-lambda';
import { isPostId } from '../../domain/input';
import { logger } from '../../observability';
import { connectionRepository } from '../../wiring';
import { systemTime } from '../../domain/clock';

const connections = connectionRepository();

/**
 * $connect: remember the connection so the broadcasts can reach it. No auth: the feed is public. A
 * post's page connects with `?post=<id>` to hear that post's new comments too; anything else in the
 * query is ignored.
 */
export const handler = async (event: APIGatewayProxyWebsocketEventV2, context?: Context): Promise<APIGatewayProxyResultV2> => {
  if (context) logger.addContext(context);
  const post = event.queryStringParameters?.post;
  const watching = isPostId(post) ? post : undefined;
  await connections.add(event.requestContext.connectionId, systemTime(), watching);
  logger.info('connect', { route: '$connect', connectionId: event.requestContext.connectionId, watching });
  return { statusCode: 200 };
};
