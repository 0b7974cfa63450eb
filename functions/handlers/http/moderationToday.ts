import { readToday } from '../../domain/moderation';
import { callerOf, httpHandler, json } from './http';
import { moderationCountStore } from '../../wiring';

const deps = { moderation: moderationCountStore() };

/** GET /moderation/today — how many moderation votes the caller cast today (Europe/Madrid). */
export const handler = httpHandler(async (event) => json(200, await readToday(deps, callerOf(event))));
