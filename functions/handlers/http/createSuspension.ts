import { suspendAuthor } from '../../domain/suspensions';
import { callerOf, httpHandler, json, parseJsonBody } from './http';
import { commentStore, moderatorDirectory, nameStore, postRepository, suspensionStore } from '../../wiring';

const deps = {
  suspensions: suspensionStore(),
  posts: postRepository(),
  comments: commentStore(),
  names: nameStore(),
  moderators: moderatorDirectory(),
};

/** POST /moderation/suspensions `{ postId | commentId, days, reason }` → 201 Suspension (moderators only). */
export const handler = httpHandler(async (event) => json(201, await suspendAuthor(deps, callerOf(event), parseJsonBody(event))));
