import { readMe } from '../../domain/accounts';
import { accountFromClaims } from '../../domain/author';
import { nameStore } from './accountDeps';
import { httpHandler, json, jwtClaims } from './http';

/** GET /me — the caller's apodo (null until chosen), email and role. */
export const handler = httpHandler(async (event) => json(200, await readMe({ names: nameStore }, accountFromClaims(jwtClaims(event)))));
