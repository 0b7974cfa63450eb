import { documentClient } from '../../clients';
import { requireEnv } from '../../config';
import { COMMENT_RATE_LIMIT } from '../../contract/comments';
import { DynamoCommentStore } from '../../store/dynamodb/commentStore';
import { DynamoPublishRateLimiter } from '../../store/dynamodb/publishRateLimiter';
import { ENV } from '../../store/tables';

/**
 * The comment store of one handler, from the tables its declaration gives it (infra/functions.ts):
 * every comment handler has the comments and posts tables; those that record reports also the
 * moderation table. Read when the handler module loads, so a missing variable fails at init.
 */
export function commentStoreFromEnv(options: { reports?: boolean } = {}): DynamoCommentStore {
  const env = requireEnv(ENV.commentsTable, ENV.postsTable);
  const moderation = options.reports ? requireEnv(ENV.moderationTable)[ENV.moderationTable] : undefined;
  return new DynamoCommentStore(documentClient, { comments: env[ENV.commentsTable], posts: env[ENV.postsTable], moderation });
}

/** COMMENT_RATE_LIMIT per user, in the rate-limits table beside (not sharing) the posts' limit. */
export function commentRateLimiterFromEnv(): DynamoPublishRateLimiter {
  return new DynamoPublishRateLimiter(
    documentClient,
    requireEnv(ENV.rateLimitsTable)[ENV.rateLimitsTable],
    COMMENT_RATE_LIMIT,
    'comments#',
  );
}
