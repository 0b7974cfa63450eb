import { setMyName } from '../../domain/accounts';
import { json, parseJsonBody, signedInHandler } from './http';
import { commentStore, nameStore, postRepository } from '../../wiring';

const deps = { names: nameStore(), posts: postRepository(), comments: commentStore() };

/**
 * PUT /me/name — claims the apodo (unique ignoring case and accents) and signs the caller's posts and
 * comments with it; the claim is conditioned on the account row read (consistently) for the request.
 */
export const handler = signedInHandler(async (event, caller) => json(200, await setMyName(deps, caller, parseJsonBody(event))), {
  account: 'consistent',
});
