/**
 * AWS SDK clients, created once per execution environment. Endpoints come from the SDK's standard
 * configuration (`AWS_ENDPOINT_URL_DYNAMODB`…), never from code, so nothing here knows where it runs.
 */
import { ApiGatewayManagementApiClient } from '@aws-sdk/client-apigatewaymanagementapi';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

export const documentClient = DynamoDBDocumentClient.from(new DynamoDBClient({}), {
  marshallOptions: { removeUndefinedValues: true },
});

/** The WebSocket management API of one stage: its callback URL is always given explicitly. */
export function managementClient(endpoint: string): ApiGatewayManagementApiClient {
  return new ApiGatewayManagementApiClient({ endpoint });
}
