import { deleteMe } from '../../domain/accounts';
import { accountFromClaims } from '../../domain/author';
import { jwtClaims, noContent, parseJsonBody, signedInHandler } from './http';
import {
  accountDirectory,
  accountErasure,
  appealStore,
  blockStore,
  commentStore,
  nameStore,
  postRepository,
  pushSubscriptionStore,
} from '../../wiring';

const erasure = accountErasure();
const deps = {
  names: nameStore(),
  posts: postRepository(),
  comments: commentStore(),
  accounts: accountDirectory(),
  pushSubscriptions: pushSubscriptionStore(),
  blocks: blockStore(),
  appeals: appealStore(),
  erasure,
  ending: erasure,
};

/**
 * DELETE /me { content? } — frees the apodo, signs the caller's posts and comments «Anonimo» (or,
 * with `content: "delete"`, deletes them), deletes their notifications, closes their sockets, forgets
 * their Web Push devices, deletes their appeals and their Cognito user; the mark is conditioned on the account row
 * read (consistently) for the request. The body is optional.
 */
export const handler = signedInHandler(
  async (event, caller) => {
    const body = event.body ? parseJsonBody(event) : {};
    await deleteMe(deps, { ...accountFromClaims(jwtClaims(event)), row: caller.row }, body);
    return noContent();
  },
  { account: 'consistent' },
);
