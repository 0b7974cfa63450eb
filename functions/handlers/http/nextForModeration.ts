import { nextForModerationWithSimilar } from '../../domain/similar';
import { json, signedInHandler } from './http';
import { moderationStore, postRepository, searchStore } from '../../wiring';

const deps = { posts: postRepository(), moderation: moderationStore(), search: searchStore({ posts: true }) };

/** GET /moderation/next — one pending post the caller may vote on, without its author, with its look-alikes. */
export const handler = signedInHandler(async (event, caller) => json(200, await nextForModerationWithSimilar(deps, caller)));
