import { readToday } from '../../domain/moderation';
import { json, signedInHandler } from './http';
import { moderationCountStore } from '../../wiring';

const deps = { moderation: moderationCountStore() };

/** GET /moderation/today — how many moderation votes the caller cast today (Europe/Madrid). */
export const handler = signedInHandler(async (event, caller) => json(200, await readToday(deps, caller)));
