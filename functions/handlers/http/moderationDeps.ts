import { documentClient } from '../../clients';
import { requireEnv } from '../../config';
import type { ModerationDeps } from '../../domain/moderation';
import { DynamoModerationStore } from '../../store/dynamodb/moderationStore';
import { DynamoPostRepository } from '../../store/dynamodb/postRepository';
import { ENV } from '../../store/tables';

const env = requireEnv(ENV.postsTable, ENV.moderationTable);

/** Posts and the moderation table, for the moderation and report handlers. */
export const moderationDeps: ModerationDeps = {
  posts: new DynamoPostRepository(documentClient, env[ENV.postsTable]),
  moderation: new DynamoModerationStore(documentClient, { posts: env[ENV.postsTable], moderation: env[ENV.moderationTable] }),
};
