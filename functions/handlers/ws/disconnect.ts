import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { connectionRepository } from './connectionDeps';

/** $disconnect is best-effort on AWS: rows it misses expire by TTL or are removed on a 410. */
export const handler = async (event: APIGatewayProxyWebsocketEventV2): Promise<APIGatewayProxyResultV2> => {
  await connectionRepository.remove(event.requestContext.connectionId);
  console.log(JSON.stringify({ level: 'info', route: '$disconnect', connectionId: event.requestContext.connectionId }));
  return { statusCode: 200 };
};
