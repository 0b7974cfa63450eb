/**
 * The local user pool's own token-signing key, made for its data folder. cognito-local signs every
 * token with one key published in its npm package, so anyone could forge a token for any user and any
 * group with it; the local cloud's Cognito proxy (cognitoProxy.ts) therefore re-signs the tokens it
 * hands out with this key and publishes only this one in the pool's JWKS, and signs an access token
 * back with cognito-local's key only when it carries this key's signature.
 */
import { createPrivateKey, generateKeyPairSync, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { decodeJwt, exportJWK, importJWK, jwtVerify, SignJWT, type JWK } from 'jose';

export type SigningKey = {
  kid: string;
  /** The pool's JWKS: this key's public half only. */
  jwks: { keys: JWK[] };
  /** The token with the same claims, signed with this key. */
  resign(token: string): Promise<string>;
  /** A token of ours signed again with cognito-local's key (for cognito-local), or undefined if not ours. */
  forUpstream(token: string): Promise<string | undefined>;
};

/** The key stored in `path` (made there, private to its owner, on first use). */
export async function signingKey(path: string): Promise<SigningKey> {
  if (!existsSync(path)) {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const jwk = { ...privateKey.export({ format: 'jwk' }), kid: `vaya-dia-${randomUUID()}`, alg: 'RS256' };
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, JSON.stringify(jwk), { mode: 0o600 });
  }
  const stored = JSON.parse(readFileSync(path, 'utf8')) as JWK & { kid: string };
  const privateKey = createPrivateKey({ key: stored, format: 'jwk' });
  const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...publicJwk } = stored;
  const publicKey = await importJWK(publicJwk, 'RS256');
  const require = createRequire(import.meta.url);
  const upstream = createPrivateKey((require('cognito-local/lib/keys/cognitoLocal.private.json') as { pem: string }).pem);
  return {
    kid: stored.kid,
    jwks: { keys: [{ ...(await exportJWK(publicKey)), kid: stored.kid, alg: 'RS256', use: 'sig' }] },
    resign: (token) => new SignJWT(decodeJwt(token)).setProtectedHeader({ alg: 'RS256', kid: stored.kid, typ: 'JWT' }).sign(privateKey),
    async forUpstream(token) {
      try {
        const { payload } = await jwtVerify(token, publicKey, { algorithms: ['RS256'] });
        return await new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' }).sign(upstream);
      } catch {
        return undefined;
      }
    },
  };
}
