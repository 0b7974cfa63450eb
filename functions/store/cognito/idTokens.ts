/**
 * Checks a Cognito token as API Gateway's JWT authorizer does (the HTTP API's `user` routes): signed
 * by one of the pool's keys (RS256, read from the issuer's `/.well-known/jwks.json`), issued by the
 * pool, meant for the app client (`aud`, or `client_id` when a token has no `aud`), unexpired. Its
 * claims come back as the authorizer hands them to a Lambda: every value a string, an array as
 * `[a b]`. Used by `$connect` for `?token=` and by the local HTTP gateway, so both check alike.
 */
import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload } from 'jose';

export type TokenExpectations = { issuer: string; audience: string; jwksUrl?: string };

/** The claims of a token the authorizer would accept; `refused` for any other; `unavailable` when the pool's keys could not be read. */
export type TokenCheck = { claims: Record<string, string> } | 'refused' | 'unavailable';

export type TokenVerifier = (token: string | undefined) => Promise<TokenCheck>;

export function tokenVerifier(expected: TokenExpectations): TokenVerifier {
  const jwks = createRemoteJWKSet(new URL(expected.jwksUrl ?? `${expected.issuer}/.well-known/jwks.json`));
  return async (token) => {
    if (!token) return 'refused';
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, jwks, { issuer: expected.issuer, algorithms: ['RS256'], requiredClaims: ['exp'] }));
    } catch (error) {
      // jose's specific errors describe the token; a refused connection, a timeout or a non-200 answer
      // from the key set's URL (jose's generic error) mean the keys could not be fetched.
      const keysUnreachable =
        !(error instanceof errors.JOSEError) || error instanceof errors.JWKSTimeout || error.code === errors.JOSEError.code;
      return keysUnreachable ? 'unavailable' : 'refused';
    }
    // The authorizer reads `aud`, and `client_id` only when a token has no `aud` (access tokens).
    const audience = payload.aud ?? payload.client_id;
    if (![audience].flat().includes(expected.audience)) return 'refused';
    return {
      claims: Object.fromEntries(
        Object.entries(payload).map(([key, value]) => [key, Array.isArray(value) ? `[${value.join(' ')}]` : String(value)]),
      ),
    };
  };
}
