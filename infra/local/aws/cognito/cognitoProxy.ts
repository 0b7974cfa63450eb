/**
 * A small proxy in front of cognito-local that keeps its store whole and makes it answer like Cognito where the site can
 * tell the difference (emulator gaps are made up for in the local cloud, never in app code: README, "How it fits together"):
 * - a wrong password at sign-in, or a wrong current password in `ChangePassword`, is `NotAuthorizedException`
 *   (cognito-local says `InvalidPasswordException`, which Cognito keeps for a new password against the policy);
 * - `SignUp`, `ConfirmForgotPassword` and `ChangePassword` enforce the pool's password policy (cognito-local
 *   accepts any password);
 * - `GetTokensFromRefreshToken`, which Amplify uses to refresh a session, is served through
 *   `InitiateAuth` with `REFRESH_TOKEN_AUTH` (cognito-local lacks the operation).
 * And only its user can drive it, as a deployed pool's administration needs IAM credentials:
 * - without AWS credentials (a SigV4 `Authorization`, as the SDK sends from the local cloud, its
 *   functions and the tests) only the operations a browser signs in with are served; `ListUsers`,
 *   `AdminAddUserToGroup` and the other administrative ones get `MissingAuthenticationTokenException`,
 *   and a signature that is not by one of `signers` (the data folder's administrator credentials,
 *   adminCredentials.ts, or the functions' own) gets `UnrecognizedClientException`;
 * - CORS is granted to the site's own origins only (cognito-local answers `*`), so no other web page can
 *   even send it a request with the `x-amz-target` header;
 * - tokens are signed with the data folder's own key (signingKey.ts), never the one cognito-local
 *   publishes in its package: the ID and access tokens it hands out are signed again, the pool's JWKS
 *   lists only that key, and an access token sent back (GetUser, ChangePassword…) is passed on only if
 *   it carries that key's signature.
 * Operations that may write reach cognito-local one at a time: it saves its whole store file with an
 * unserialized write per change, and two saves at once can leave an older, shorter copy over the end
 * of a newer one — a store that no longer parses (seen with thirty sign-ups at once).
 */
import { createServer } from 'node:http';
import { passwordProblems } from '../../../../functions/contract/accounts';
import { LOOPBACK, closeServer, forward, listen, readBody, safeHandler, sendForwarded } from '../../process/ports';
import { signedBy, type LocalCredentials } from '../apigateway/sigv4';
import type { SigningKey } from './signingKey';

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';

/** Operations that only read cognito-local's store; every other one may write it. */
const READ_ONLY = new Set([
  'GetUser',
  'AdminGetUser',
  'ListUsers',
  'ListUserPools',
  'ListUserPoolClients',
  'DescribeUserPool',
  'DescribeUserPoolClient',
  'ListGroups',
  'GetGroup',
  'ListUsersInGroup',
  'AdminListGroupsForUser',
]);

/** What the web app (Amplify Auth) calls without credentials, as a browser does on a deployed pool. */
const BROWSER_OPERATIONS = new Set([
  'InitiateAuth',
  'RespondToAuthChallenge',
  'SignUp',
  'ConfirmSignUp',
  'ResendConfirmationCode',
  'ForgotPassword',
  'ConfirmForgotPassword',
  'GetUser',
  'UpdateUserAttributes',
  'VerifyUserAttribute',
  'GetUserAttributeVerificationCode',
  'ChangePassword',
  'DeleteUser',
  'GlobalSignOut',
  'RevokeToken',
  'GetTokensFromRefreshToken',
]);

export type CognitoProxyOptions = {
  port: number;
  upstreamPort: number;
  /** The web origins allowed to call it from a browser (the site's). */
  allowedOrigins: readonly string[];
  /** The pool's own signing key. */
  signing: SigningKey;
  /** Whose SigV4 signatures may make administrative calls. */
  signers: readonly LocalCredentials[];
  /** Runs after a write operation succeeded and before the client hears of it (see storeGuard.ts). */
  afterWrite(): Promise<void>;
};

export async function startCognitoProxy(options: CognitoProxyOptions): Promise<{ endpoint: string; close(): Promise<void> }> {
  let lastWrite: Promise<unknown> = Promise.resolve();
  /** Runs `work` once every write before it has been answered and copied (see the header). */
  const afterOtherWrites = <T>(work: () => Promise<T>): Promise<T> => {
    const turn = lastWrite.then(work, work);
    lastWrite = turn.catch(() => undefined);
    return turn;
  };
  const server = createServer(
    safeHandler('local Cognito proxy', async (req, res) => {
      const origin = typeof req.headers.origin === 'string' ? req.headers.origin : undefined;
      const allowedOrigin = origin !== undefined && options.allowedOrigins.includes(origin) ? origin : undefined;
      if (req.method === 'OPTIONS') {
        // The preflight of a cross-origin call: granted to the site's origins, refused to any other page.
        if (!allowedOrigin) return void res.writeHead(403).end();
        res
          .writeHead(204, {
            'access-control-allow-origin': allowedOrigin,
            'access-control-allow-methods': 'POST',
            'access-control-allow-headers': String(req.headers['access-control-request-headers'] ?? 'content-type,x-amz-target'),
            'access-control-max-age': '600',
            vary: 'origin',
          })
          .end();
        return;
      }
      const cors = (headers: Record<string, string>) =>
        allowedOrigin ? { ...headers, 'access-control-allow-origin': allowedOrigin, vary: 'origin' } : headers;
      if (req.method === 'GET' && /^\/[\w-]+\/\.well-known\/jwks\.json$/.test(req.url ?? '')) {
        res.writeHead(200, cors({ 'content-type': 'application/json' })).end(JSON.stringify(options.signing.jwks));
        return;
      }
      const body = await readBody(req, 1024 * 1024);
      if (body === 'too-large') {
        res.writeHead(413).end();
        return;
      }
      const target = String(req.headers['x-amz-target'] ?? '');
      const operation = target.startsWith(TARGET_PREFIX) ? target.slice(TARGET_PREFIX.length) : undefined;
      const input = operation ? parseJson(body) : undefined;
      if (operation !== undefined && !BROWSER_OPERATIONS.has(operation)) {
        if (req.headers.authorization === undefined)
          return sendError(res, 'MissingAuthenticationTokenException', 'Missing Authentication Token', 400, allowedOrigin);
        const verified = await Promise.all(options.signers.map((signer) => signedBy(req, body, signer)));
        if (!verified.includes(true))
          return sendError(
            res,
            'UnrecognizedClientException',
            'The security token included in the request is invalid.',
            400,
            allowedOrigin,
          );
      }
      let headers = req.headers;
      let forwardBody = body;
      // An access token coming back: ours is signed again for cognito-local; any other is refused.
      if (typeof input?.AccessToken === 'string') {
        const upstreamToken = await options.signing.forUpstream(input.AccessToken);
        if (!upstreamToken) return sendError(res, 'NotAuthorizedException', 'Invalid Access Token', 400, allowedOrigin);
        forwardBody = Buffer.from(JSON.stringify({ ...input, AccessToken: upstreamToken }));
      }

      const newPassword =
        operation === 'SignUp' || operation === 'ConfirmForgotPassword'
          ? input?.Password
          : operation === 'ChangePassword'
            ? input?.ProposedPassword
            : undefined;
      if (typeof newPassword === 'string') {
        const problems = passwordProblems(newPassword);
        if (problems.length > 0) {
          return sendError(
            res,
            'InvalidPasswordException',
            `Password did not conform with policy: it needs ${problems.length} more requirement(s)`,
            400,
            allowedOrigin,
          );
        }
      }
      if (operation === 'GetTokensFromRefreshToken') {
        headers = { ...req.headers, 'x-amz-target': `${TARGET_PREFIX}InitiateAuth` };
        forwardBody = Buffer.from(
          JSON.stringify({
            AuthFlow: 'REFRESH_TOKEN_AUTH',
            ClientId: input?.ClientId,
            AuthParameters: { REFRESH_TOKEN: input?.RefreshToken },
          }),
        );
      }

      const writes = operation !== undefined && !READ_ONLY.has(operation);
      const send = async () => {
        let upstream: Awaited<ReturnType<typeof forward>>;
        try {
          upstream = await forward(options.upstreamPort, req.method ?? 'GET', req.url ?? '/', headers, forwardBody);
        } catch (error) {
          // cognito-local itself is down: say so to the client and in the log, never an empty 500.
          console.error(
            `local Cognito proxy: cognito-local does not answer (${error instanceof Error ? error.message : String(error)}); restart npm start`,
          );
          return undefined;
        }
        if (writes && upstream.status === 200) await options.afterWrite();
        return upstream;
      };
      let answer = writes ? await afterOtherWrites(send) : await send();
      if (!answer)
        return sendError(
          res,
          'ServiceUnavailableException',
          'The local Cognito (cognito-local) is not running: restart npm start.',
          503,
          allowedOrigin,
        );
      // The new password was checked above: an InvalidPasswordException now is cognito-local's word for a wrong one.
      if ((operation === 'InitiateAuth' || operation === 'AdminInitiateAuth' || operation === 'ChangePassword') && answer.status === 400) {
        const error = parseJson(answer.body);
        if (error?.__type === 'InvalidPasswordException')
          return sendError(res, 'NotAuthorizedException', 'Incorrect username or password.', 400, allowedOrigin);
      }
      const tokens = answer.status === 200 ? parseJson(answer.body) : undefined;
      const result = tokens?.AuthenticationResult as Record<string, unknown> | undefined;
      if (result && (typeof result.IdToken === 'string' || typeof result.AccessToken === 'string')) {
        for (const name of ['IdToken', 'AccessToken'] as const)
          if (typeof result[name] === 'string') result[name] = await options.signing.resign(result[name]);
        answer = { ...answer, body: Buffer.from(JSON.stringify(tokens)) };
      }
      // cognito-local grants CORS to every origin: only the site's own is told it may read the answer.
      const forwardedHeaders = Object.fromEntries(
        Object.entries(answer.headers).filter(([name]) => !name.toLowerCase().startsWith('access-control-')),
      );
      sendForwarded(res, { ...answer, headers: { ...forwardedHeaders, ...cors({}) } });
    }),
  );
  const port = await listen(server, options.port);
  return { endpoint: `http://${LOOPBACK}:${port}`, close: () => closeServer(server) };
}

function parseJson(body: Buffer): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(body.toString('utf8'));
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function sendError(res: import('node:http').ServerResponse, type: string, message: string, status: number, allowedOrigin?: string): void {
  res
    .writeHead(status, {
      'content-type': 'application/x-amz-json-1.1',
      'x-amzn-errortype': type,
      ...(allowedOrigin
        ? {
            'access-control-allow-origin': allowedOrigin,
            'access-control-expose-headers': 'x-amzn-errortype,x-amzn-requestid',
            vary: 'origin',
          }
        : {}),
    })
    .end(JSON.stringify({ __type: type, message }));
}
