import { documentClient } from '../../clients';
import { requireEnv } from '../../config';
import { DynamoPostRepository } from '../../store/dynamodb/postRepository';

const env = requireEnv('POSTS_TABLE');

/** The read side of the posts store, shared by the read-only handlers. */
export const postRepository = new DynamoPostRepository(documentClient, env.POSTS_TABLE);
