import { readMe } from '../../domain/accounts';
import { accountFromClaims } from '../../domain/author';
import { httpHandler, json, jwtClaims } from './http';
import { nameStore } from '../../wiring';

const names = nameStore();

/** GET /me — the caller's apodo (null until chosen), email and role. */
export const handler = httpHandler(async (event) => json(200, await readMe({ names }, accountFromClaims(jwtClaims(event)))));
