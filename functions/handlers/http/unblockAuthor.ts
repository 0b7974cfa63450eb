import { unblockAuthor } from '../../domain/blocks';
import { noContent, signedInHandler } from './http';
import { blockStore, toggleLimiter } from '../../wiring';

const deps = { blocks: blockStore({ names: true }), toggles: toggleLimiter() };

/** DELETE /me/blocks/{name} — the caller unblocks the account that holds an apodo. */
export const handler = signedInHandler(async (event, caller) => {
  await unblockAuthor(deps, caller, event.pathParameters?.name);
  return noContent();
});
