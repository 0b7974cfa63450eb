import { listReported } from '../../domain/moderation';
import { commentStoreFromEnv } from './commentsDeps';
import { callerOf, httpHandler, json } from './http';
import { postRepository } from './postsDeps';

const comments = commentStoreFromEnv();

/** GET /moderation/reported — the posts and comments reports hid (moderators only). */
export const handler = httpHandler(async (event) => json(200, await listReported({ posts: postRepository, comments }, callerOf(event))));
