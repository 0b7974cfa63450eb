/**
 * A small proxy in front of cognito-local that makes it answer like Cognito where the site can
 * tell the difference (DESIGN §6: emulator gaps are made up for in the local cloud, never in app code):
 * - a wrong password at sign-in is `NotAuthorizedException` (cognito-local says `InvalidPasswordException`);
 * - `SignUp` and `ConfirmForgotPassword` enforce the pool's password policy (cognito-local accepts any password);
 * - `GetTokensFromRefreshToken`, which Amplify uses to refresh a session, is served through
 *   `InitiateAuth` with `REFRESH_TOKEN_AUTH` (cognito-local lacks the operation).
 */
import { createServer } from 'node:http';
import { passwordProblems } from '../../../../functions/contract/accounts';
import { LOOPBACK, closeServer, forward, listen, readBody, safeHandler, sendForwarded } from '../../process/ports';

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

export type CognitoProxyOptions = {
  port: number;
  upstreamPort: number;
  /** Runs after a write operation succeeded and before the client hears of it (see storeGuard.ts). */
  afterWrite(): Promise<void>;
};

export async function startCognitoProxy(options: CognitoProxyOptions): Promise<{ endpoint: string; close(): Promise<void> }> {
  const server = createServer(
    safeHandler('local Cognito proxy', async (req, res) => {
      const body = await readBody(req, 1024 * 1024);
      if (body === 'too-large') {
        res.writeHead(413).end();
        return;
      }
      const target = String(req.headers['x-amz-target'] ?? '');
      const operation = target.startsWith(TARGET_PREFIX) ? target.slice(TARGET_PREFIX.length) : undefined;
      const input = operation ? parseJson(body) : undefined;
      let headers = req.headers;
      let forwardBody = body;

      const newPassword = operation === 'SignUp' ? input?.Password : operation === 'ConfirmForgotPassword' ? input?.Password : undefined;
      if (typeof newPassword === 'string') {
        const problems = passwordProblems(newPassword);
        if (problems.length > 0) {
          return sendError(
            res,
            'InvalidPasswordException',
            `Password did not conform with policy: it needs ${problems.length} more requirement(s)`,
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

      let answer: Awaited<ReturnType<typeof forward>>;
      try {
        answer = await forward(options.upstreamPort, req.method ?? 'GET', req.url ?? '/', headers, forwardBody);
      } catch (error) {
        // cognito-local itself is down: say so to the client and in the log, never an empty 500.
        console.error(
          `local Cognito proxy: cognito-local does not answer (${error instanceof Error ? error.message : String(error)}); restart npm start`,
        );
        return sendError(res, 'ServiceUnavailableException', 'The local Cognito (cognito-local) is not running: restart npm start.', 503);
      }
      if (operation && !READ_ONLY.has(operation) && answer.status === 200) await options.afterWrite();
      if ((operation === 'InitiateAuth' || operation === 'AdminInitiateAuth') && answer.status === 400) {
        const error = parseJson(answer.body);
        if (error?.__type === 'InvalidPasswordException')
          return sendError(res, 'NotAuthorizedException', 'Incorrect username or password.');
      }
      sendForwarded(res, answer);
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

function sendError(res: import('node:http').ServerResponse, type: string, message: string, status = 400): void {
  res
    .writeHead(status, {
      'content-type': 'application/x-amz-json-1.1',
      'x-amzn-errortype': type,
      'access-control-allow-origin': '*',
      'access-control-expose-headers': 'x-amzn-errortype,x-amzn-requestid',
    })
    .end(JSON.stringify({ __type: type, message }));
}
