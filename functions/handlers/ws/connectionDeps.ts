import { documentClient } from '../../clients';
import { requireEnv } from '../../config';
import { DynamoConnectionRepository } from '../../store/dynamodb/connectionRepository';

const env = requireEnv('CONNECTIONS_TABLE');

export const connectionRepository = new DynamoConnectionRepository(documentClient, env.CONNECTIONS_TABLE);
