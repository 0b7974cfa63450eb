import { nextForModeration } from '../../domain/moderation';
import { callerOf, httpHandler, json } from './http';
import { moderationStore, postRepository } from '../../wiring';

const deps = { posts: postRepository(), moderation: moderationStore() };

/** GET /moderation/next — one pending post the caller may vote on, without its author. */
export const handler = httpHandler(async (event) => json(200, await nextForModeration(deps, callerOf(event))));
