/**
 * Figure 4's reference bundle: a Lambda handler that only reads one DynamoDB item through the same
 * document client every API handler uses (functions/clients.ts), bundled by the same construct. What it
 * takes to import is the floor any API handler pays on the machine at hand (the AWS SDK and Node's own
 * network modules), so a handler's import time reads as this floor plus what the handler adds.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../../../functions/clients';

/** The one read both reference bundles make (serverRender.ts renders what it returns). */
export async function readFloorItem(key = 'floor'): Promise<Record<string, unknown> | undefined> {
  const { Item } = await documentClient.send(new GetCommand({ TableName: 'floor', Key: { key } }));
  return Item;
}

export const handler = async (event: { key?: string }) => {
  const item = await readFloorItem(event.key);
  return { statusCode: item ? 200 : 404 };
};
