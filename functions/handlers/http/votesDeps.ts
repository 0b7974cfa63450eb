import { documentClient } from '../../clients';
import { requireEnv } from '../../config';
import type { VotesDeps } from '../../domain/votes';
import { DynamoPostRepository } from '../../store/dynamodb/postRepository';
import { DynamoVoteStore } from '../../store/dynamodb/voteStore';
import { ENV } from '../../store/tables';

const env = requireEnv(ENV.postsTable, ENV.votesTable);

/** Posts and the votes table, for the vote handlers. */
export const votesDeps: VotesDeps = {
  posts: new DynamoPostRepository(documentClient, env[ENV.postsTable]),
  votes: new DynamoVoteStore(documentClient, { posts: env[ENV.postsTable], votes: env[ENV.votesTable] }),
};
