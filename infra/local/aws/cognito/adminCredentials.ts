/**
 * The local Cognito's administrator credentials, made for its data folder: a deployed pool's
 * administrative calls (ListUsers, AdminAddUserToGroup…) need IAM credentials, and here they need a
 * SigV4 signature by this secret (checked by cognitoProxy.ts), not just any `Authorization` header.
 * Whatever administers the local pool — the local cloud at start, `npm run moderator`, the tests —
 * reads them from the data folder; nobody else on the machine can (the file is its owner's only).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { LocalCredentials } from '../apigateway/sigv4';

/** Where they are kept, in the local cloud's data folder (its `cognito` folder). */
export const adminCredentialsPath = (dataDir: string) => join(dataDir, 'cognito', 'admin-credentials.json');

/** The data folder's credentials, made there on first use. */
export function ensureAdminCredentials(dataDir: string): LocalCredentials {
  const path = adminCredentialsPath(dataDir);
  if (!existsSync(path)) {
    mkdirSync(dirname(path), { recursive: true });
    const made: LocalCredentials = { accessKeyId: 'local-cognito-admin', secretAccessKey: randomBytes(24).toString('base64url') };
    writeFileSync(path, JSON.stringify(made), { mode: 0o600, flag: 'wx' });
  }
  return readAdminCredentials(dataDir);
}

/** The data folder's credentials; an error that says what to do when the local cloud never started there. */
export function readAdminCredentials(dataDir: string): LocalCredentials {
  const path = adminCredentialsPath(dataDir);
  if (!existsSync(path))
    throw new Error(`No local Cognito credentials in ${path}: start the local cloud (npm start) with this data folder first.`);
  const stored = JSON.parse(readFileSync(path, 'utf8')) as Partial<LocalCredentials>;
  if (typeof stored.accessKeyId !== 'string' || typeof stored.secretAccessKey !== 'string')
    throw new Error(`${path} is damaged: delete it and start the local cloud again (new credentials are made).`);
  return { accessKeyId: stored.accessKeyId, secretAccessKey: stored.secretAccessKey };
}
