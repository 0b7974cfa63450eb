import { listReported } from '../../domain/moderation';
import { callerOf, httpHandler, json } from './http';
import { commentStore, postRepository } from '../../wiring';

const deps = { posts: postRepository(), comments: commentStore() };

/** GET /moderation/reported — the posts and comments reports hid (moderators only). */
export const handler = httpHandler(async (event) => json(200, await listReported(deps, callerOf(event))));
