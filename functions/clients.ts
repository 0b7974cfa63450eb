/**
 * AWS SDK clients, created once per execution environment. Endpoints come from the SDK's standard
 * configuration (`AWS_ENDPOINT_URL_DYNAMODB`…), never from code, so nothing here knows where it runs.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

export const documentClient = DynamoDBDocumentClient.from(new DynamoDBClient({}), {
  marshallOptions: { removeUndefinedValues: true },
});
