import { documentClient } from '../../clients';
import { requireEnv } from '../../config';
import { DynamoPostRepository } from '../../store/dynamodb/postRepository';
import { ENV } from '../../store/tables';

const env = requireEnv(ENV.postsTable);

/** The read side of the posts store, shared by the read-only handlers. */
export const postRepository = new DynamoPostRepository(documentClient, env[ENV.postsTable]);
