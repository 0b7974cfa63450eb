import { setMyName } from '../../domain/accounts';
import { authorFromClaims } from '../../domain/author';
import { httpHandler, json, jwtClaims, parseJsonBody } from './http';
import { commentStore, nameStore, postRepository } from '../../wiring';

const deps = { names: nameStore(), posts: postRepository(), comments: commentStore() };

/** PUT /me/name — claims the apodo (unique ignoring case and accents) and signs the caller's posts and comments with it. */
export const handler = httpHandler(async (event) => {
  const author = authorFromClaims(jwtClaims(event));
  return json(200, await setMyName(deps, author, parseJsonBody(event)));
});
