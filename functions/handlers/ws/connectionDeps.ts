import { documentClient } from '../../clients';
import { requireEnv } from '../../config';
import { DynamoConnectionRepository } from '../../store/dynamodb/connectionRepository';
import { ENV } from '../../store/tables';

const env = requireEnv(ENV.connectionsTable);

export const connectionRepository = new DynamoConnectionRepository(documentClient, env[ENV.connectionsTable]);
