import { listReported } from '../../domain/moderation';
import { callerOf, httpHandler, json } from './http';
import { postRepository } from './postsDeps';

/** GET /moderation/reported — what reports hid (moderators only). */
export const handler = httpHandler(async (event) => json(200, await listReported({ posts: postRepository }, callerOf(event))));
