import { blockAuthor } from '../../domain/blocks';
import { noContent, signedInHandler } from './http';
import { blockStore, toggleLimiter } from '../../wiring';

const deps = { blocks: blockStore({ names: true }), toggles: toggleLimiter() };

/** PUT /me/blocks/{name} — the caller blocks the account that holds an apodo (again: nothing changes). */
export const handler = signedInHandler(async (event, caller) => {
  await blockAuthor(deps, caller, event.pathParameters?.name);
  return noContent();
});
