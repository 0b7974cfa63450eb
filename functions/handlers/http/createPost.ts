import { documentClient } from '../../clients';
import { requireEnv } from '../../config';
import { authorFromClaims } from '../../domain/author';
import { publishPost } from '../../domain/posts';
import { DynamoNameStore } from '../../store/dynamodb/nameStore';
import { DynamoPostRepository } from '../../store/dynamodb/postRepository';
import { DynamoPublishRateLimiter } from '../../store/dynamodb/publishRateLimiter';
import { ENV } from '../../store/tables';
import { httpHandler, json, jwtClaims, parseJsonBody } from './http';

const env = requireEnv(ENV.postsTable, ENV.rateLimitsTable, ENV.namesTable);
const deps = {
  posts: new DynamoPostRepository(documentClient, env[ENV.postsTable]),
  names: new DynamoNameStore(documentClient, env[ENV.namesTable]),
  rateLimiter: new DynamoPublishRateLimiter(documentClient, env[ENV.rateLimitsTable]),
};

/**
 * POST /posts — behind the JWT authorizer; the author's id comes from the verified claims, their name
 * from the names store (never a claim). The post
 * waits in moderation: PostsPublished is counted when a vote or a moderator publishes it.
 */
export const handler = httpHandler(async (event) => {
  const author = authorFromClaims(jwtClaims(event));
  const post = await publishPost(deps, author, parseJsonBody(event));
  return json(201, post);
});
