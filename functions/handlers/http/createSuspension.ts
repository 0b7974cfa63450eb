import { suspendAuthor } from '../../domain/suspensions';
import { json, parseJsonBody, signedInHandler } from './http';
import { commentStore, moderatorDirectory, nameStore, postRepository, suspensionStore } from '../../wiring';

const deps = {
  suspensions: suspensionStore(),
  posts: postRepository(),
  comments: commentStore(),
  // The suspended author's row (the moderator's own was read for the request).
  names: nameStore(),
  moderators: moderatorDirectory(),
};

/** POST /moderation/suspensions `{ postId | commentId, days, reason }` → 201 Suspension (moderators only; logged, with their apodo). */
export const handler = signedInHandler(async (event, caller) => json(201, await suspendAuthor(deps, caller, parseJsonBody(event))), {
  account: 'current',
});
