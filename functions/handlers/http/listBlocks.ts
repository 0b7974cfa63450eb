import { readBlocks } from '../../domain/blocks';
import { json, signedInHandler } from './http';
import { blockStore } from '../../wiring';

const blocks = blockStore({ names: true });

/** GET /me/blocks → `{ names }`: the apodos the caller's blocked accounts hold now. */
export const handler = signedInHandler(async (_event, caller) => json(200, await readBlocks({ blocks }, caller)));
