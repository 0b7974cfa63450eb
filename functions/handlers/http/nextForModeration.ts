import { nextForModeration } from '../../domain/moderation';
import { json, signedInHandler } from './http';
import { moderationStore, postRepository } from '../../wiring';

const deps = { posts: postRepository(), moderation: moderationStore() };

/** GET /moderation/next — one pending post the caller may vote on, without its author. */
export const handler = signedInHandler(async (event, caller) => json(200, await nextForModeration(deps, caller)));
