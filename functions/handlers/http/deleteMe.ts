import { deleteMe } from '../../domain/accounts';
import { accountFromClaims } from '../../domain/author';
import { httpHandler, jwtClaims, noContent } from './http';
import { accountDirectory, commentStore, nameStore, postRepository, pushSubscriptionStore } from '../../wiring';

const deps = {
  names: nameStore(),
  posts: postRepository(),
  comments: commentStore(),
  accounts: accountDirectory(),
  pushSubscriptions: pushSubscriptionStore(),
};

/** DELETE /me — frees the apodo, signs the caller's posts and comments «Anónimo», forgets their Web Push devices and deletes their Cognito user. */
export const handler = httpHandler(async (event) => {
  await deleteMe(deps, accountFromClaims(jwtClaims(event)));
  return noContent();
});
