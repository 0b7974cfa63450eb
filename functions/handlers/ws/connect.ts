import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { connectionRepository } from './connectionDeps';

/** $connect: remember the connection so the broadcast can reach it. No auth: the feed is public. */
export const handler = async (event: APIGatewayProxyWebsocketEventV2): Promise<APIGatewayProxyResultV2> => {
  await connectionRepository.add(event.requestContext.connectionId, new Date());
  console.log(JSON.stringify({ level: 'info', route: '$connect', connectionId: event.requestContext.connectionId }));
  return { statusCode: 200 };
};
