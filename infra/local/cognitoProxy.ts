/**
 * A small proxy in front of cognito-local that makes it answer like Cognito where the site can
 * tell the difference (DESIGN §6: emulator gaps are made up for in the local cloud, never in app code):
 * - a wrong password at sign-in is `NotAuthorizedException` (cognito-local says `InvalidPasswordException`);
 * - `SignUp` enforces the pool's password policy (cognito-local accepts any password);
 * - `GetTokensFromRefreshToken`, which Amplify uses to refresh a session, is served through
 *   `InitiateAuth` with `REFRESH_TOKEN_AUTH` (cognito-local lacks the operation).
 */
import { createServer } from 'node:http';
import { passwordProblems } from '../../functions/contract';
import { LOOPBACK, closeServer, forward, listen, readBody, safeHandler, sendForwarded } from './net';

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';

export async function startCognitoProxy(options: { port: number; upstreamPort: number }): Promise<{ endpoint: string; close(): Promise<void> }> {
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

      if (operation === 'SignUp' && typeof input?.Password === 'string') {
        const problems = passwordProblems(input.Password);
        if (problems.length > 0) {
          return sendError(res, 'InvalidPasswordException', `Password did not conform with policy: it needs ${problems.length} more requirement(s)`);
        }
      }
      if (operation === 'GetTokensFromRefreshToken') {
        headers = { ...req.headers, 'x-amz-target': `${TARGET_PREFIX}InitiateAuth` };
        forwardBody = Buffer.from(
          JSON.stringify({ AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: input?.ClientId, AuthParameters: { REFRESH_TOKEN: input?.RefreshToken } }),
        );
      }

      const answer = await forward(options.upstreamPort, req.method ?? 'GET', req.url ?? '/', headers, forwardBody);
      if ((operation === 'InitiateAuth' || operation === 'AdminInitiateAuth') && answer.status === 400) {
        const error = parseJson(answer.body);
        if (error?.__type === 'InvalidPasswordException') return sendError(res, 'NotAuthorizedException', 'Incorrect username or password.');
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

function sendError(res: import('node:http').ServerResponse, type: string, message: string): void {
  res
    .writeHead(400, { 'content-type': 'application/x-amz-json-1.1', 'x-amzn-errortype': type, 'access-control-allow-origin': '*', 'access-control-expose-headers': 'x-amzn-errortype,x-amzn-requestid' })
    .end(JSON.stringify({ __type: type, message }));
}
