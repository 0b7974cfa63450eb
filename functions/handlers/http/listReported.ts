import { listReported } from '../../domain/moderation';
import { json, signedInHandler } from './http';
import { commentStore, postRepository } from '../../wiring';

const deps = { posts: postRepository(), comments: commentStore() };

/** GET /moderation/reported — the posts and comments reports hid (moderators only). */
export const handler = signedInHandler(async (event, caller) => json(200, await listReported(deps, caller)));
