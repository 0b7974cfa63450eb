import { deleteMe } from '../../domain/accounts';
import { accountFromClaims } from '../../domain/author';
import { jwtClaims, noContent, signedInHandler } from './http';
import { accountDirectory, commentStore, nameStore, postRepository, pushSubscriptionStore } from '../../wiring';

const deps = {
  names: nameStore(),
  posts: postRepository(),
  comments: commentStore(),
  accounts: accountDirectory(),
  pushSubscriptions: pushSubscriptionStore(),
};

/**
 * DELETE /me — frees the apodo, signs the caller's posts and comments «Anónimo», forgets their Web
 * Push devices and deletes their Cognito user; the mark is conditioned on the account row read
 * (consistently) for the request.
 */
export const handler = signedInHandler(
  async (event, caller) => {
    await deleteMe(deps, { ...accountFromClaims(jwtClaims(event)), row: caller.row });
    return noContent();
  },
  { account: 'consistent' },
);
