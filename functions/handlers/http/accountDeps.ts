import { documentClient } from '../../clients';
import { requireEnv } from '../../config';
import { DynamoNameStore } from '../../store/dynamodb/nameStore';
import { ENV } from '../../store/tables';

const env = requireEnv(ENV.namesTable);

/** The apodos, shared by the handlers that read or change them. */
export const nameStore = new DynamoNameStore(documentClient, env[ENV.namesTable]);
