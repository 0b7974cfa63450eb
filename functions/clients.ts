/**
 * AWS SDK clients, created once per execution environment. Endpoints come from the SDK's standard
 * configuration (`AWS_ENDPOINT_URL_DYNAMODB`…), never from code, so nothing here knows where it runs.
 */
import { ApiGatewayManagementApiClient } from '@aws-sdk/client-apigatewaymanagementapi';
import { CloudFrontClient } from '@aws-sdk/client-cloudfront';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { LambdaClient } from '@aws-sdk/client-lambda';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/**
 * The SDK's logger middleware builds a redacted copy of every command's input and output for the
 * client's logger even when that logger is the default no-op one. These handlers never log SDK calls
 * (each logs its own line per request), so it is removed: less CPU on every call, most for the
 * broadcast handler's one call per connection. Errors still reach the caller unchanged.
 */
function withoutSdkCallLogging<T extends { middlewareStack: { remove(name: string): boolean } }>(client: T): T {
  client.middlewareStack.remove('loggerMiddleware');
  return client;
}

export const documentClient = DynamoDBDocumentClient.from(withoutSdkCallLogging(new DynamoDBClient({})), {
  marshallOptions: { removeUndefinedValues: true },
});

/**
 * The WebSocket management API of one stage: its callback URL is always given explicitly. The
 * broadcast handler sends one PostToConnection per connection, so the client resolves its middleware
 * stack once per command class (`cacheMiddleware`, the SDK's option for high-volume calls) instead
 * of once per call. (The DynamoDB document client cannot use it: lib-dynamodb rejects it.)
 */
export function managementClient(endpoint: string): ApiGatewayManagementApiClient {
  return withoutSdkCallLogging(new ApiGatewayManagementApiClient({ endpoint, cacheMiddleware: true }));
}

/**
 * Lambda, for the functions that invoke another declared function (the broadcast dispatching its
 * parts); the function's name comes from the environment. Created on first use, so functions that
 * never invoke anything do not build it.
 */
let lambda: LambdaClient | undefined;
export function lambdaClient(): LambdaClient {
  lambda ??= withoutSdkCallLogging(new LambdaClient({}));
  return lambda;
}

/** CloudFront, for the function that drops cached share cards; created on first use. */
let cloudFront: CloudFrontClient | undefined;
export function cloudFrontClient(): CloudFrontClient {
  cloudFront ??= withoutSdkCallLogging(new CloudFrontClient({}));
  return cloudFront;
}
