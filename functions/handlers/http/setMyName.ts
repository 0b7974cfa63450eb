import { setMyName } from '../../domain/accounts';
import { authorFromClaims } from '../../domain/author';
import { nameStore } from './accountDeps';
import { commentStoreFromEnv } from './commentsDeps';
import { httpHandler, json, jwtClaims, parseJsonBody } from './http';
import { postRepository } from './postsDeps';

const comments = commentStoreFromEnv();

/** PUT /me/name — claims the apodo (unique ignoring case and accents) and signs the caller's posts and comments with it. */
export const handler = httpHandler(async (event) => {
  const author = authorFromClaims(jwtClaims(event));
  return json(200, await setMyName({ names: nameStore, posts: postRepository, comments }, author, parseJsonBody(event)));
});
