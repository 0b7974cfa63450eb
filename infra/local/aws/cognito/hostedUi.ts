/**
 * A stand-in for Cognito's hosted UI (its OAuth 2.0 endpoints), so the web app's Google sign-in runs
 * locally through the real Amplify redirect flow (`signInWithRedirect`), unchanged. Amplify always
 * calls `https://<oauthDomain>`, so it is served over HTTPS with a self-signed certificate (made by
 * `selfsigned` and kept in the data folder): the first visit shows the browser's certificate warning.
 *
 * What Amplify v6 calls (its `oauthSignIn`, `completeOAuthFlow` and `oAuthSignOutRedirect`):
 * - `GET /oauth2/authorize?redirect_uri&response_type=code&client_id&identity_provider=Google&scope&
 *   state&code_challenge&code_challenge_method=S256` — a page navigation. The client and redirect URI
 *   are checked as Cognito does, then a «Google (simulado)» page lets the person pick or type a test
 *   Google account. Its form posts to `/oauth2/google`, which finds or creates that account in
 *   cognito-local (email verified, no known password), signs it in there and redirects to
 *   `redirect_uri?code&state`.
 * - `POST /oauth2/token` (form-encoded, from the page's script: CORS) with `grant_type=
 *   authorization_code`, `code`, `client_id`, `redirect_uri` and `code_verifier` — PKCE is checked
 *   (S256) and the code works once, for five minutes; the answer is cognito-local's tokens.
 * - `GET /logout?client_id&logout_uri` — redirects to `logout_uri` if it is an allowed one.
 * The tokens are cognito-local's own, so everything downstream (the API's JWT check, refresh through
 * `GetTokensFromRefreshToken`) is what a password sign-in gets.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import { join } from 'node:path';
import {
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  ListUsersCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { generate } from 'selfsigned';
import { writeFileAtomically } from './storeGuard';
import { LOOPBACK, closeServer, listen, readBody, safeHandler } from '../../process/ports';
import type { LocalCredentials } from '../apigateway/sigv4';

export type HostedUiOptions = {
  /** HTTPS port; 0 picks a free one. */
  port: number;
  /** Where the certificate is kept between runs. */
  dataDir: string;
  region: string;
  /** The local pool, and the administrator credentials (adminCredentials.ts) its admin calls sign with. */
  cognito: { endpoint: string; userPoolId: string; clientId: string; credentials: LocalCredentials };
  /** The app client's callback and logout URLs (exactly, as Cognito compares them). */
  redirectUris: string[];
};

export type HostedUi = {
  /** `127.0.0.1:<port>`: Amplify's `oauth.domain` (no scheme). */
  domain: string;
  url: string;
  close(): Promise<void>;
};

/** Test Google accounts the page offers (any other address may be typed). */
export const SAMPLE_GOOGLE_ACCOUNTS = ['lucia.google@gmail.test', 'marcos.google@gmail.test'];

type PendingCode = { clientId: string; redirectUri: string; challenge: string; tokens: Tokens; expiresAt: number };
type Tokens = { id_token: string; access_token: string; refresh_token: string; expires_in: number; token_type: 'Bearer' };

const CODE_LIFETIME_MS = 5 * 60 * 1000;
const EMAIL = /^[^\s@<>"']+@[^\s@<>"']+\.[^\s@<>"']+$/;

export async function startHostedUi(options: HostedUiOptions): Promise<HostedUi> {
  const { cert, key } = await certificate(options.dataDir);
  const codes = new Map<string, PendingCode>();
  const origins = new Set(options.redirectUris.map((uri) => new URL(uri).origin));
  const cognito = new CognitoIdentityProviderClient({
    endpoint: options.cognito.endpoint,
    region: options.region,
    credentials: options.cognito.credentials,
  });

  /** The authorize parameters as Cognito checks them; a Spanish reason when they are wrong. */
  function checkAuthorize(params: URLSearchParams): string | null {
    if (params.get('client_id') !== options.cognito.clientId) return 'El client_id no es el de la aplicación web.';
    if (!options.redirectUris.includes(params.get('redirect_uri') ?? ''))
      return 'La redirect_uri no es una de las URL de retorno de la aplicación (redirect_mismatch).';
    if (params.get('response_type') !== 'code') return 'Solo se admite response_type=code.';
    if (params.get('code_challenge_method') !== 'S256' || !params.get('code_challenge')) return 'Falta el code_challenge de PKCE (S256).';
    const provider = params.get('identity_provider');
    if (provider !== null && provider !== 'Google') return `Proveedor desconocido: ${provider}.`;
    return null;
  }

  /**
   * The test Google accounts this stand-in created, by lower-case email → Cognito sub and the secret it
   * signs in with (kept in the data folder, never shown). cognito-local's pool signs in by email and
   * names every user by its sub, so a Google account is an ordinary user with a verified email and a
   * password only this stand-in knows, set once: concurrent sign-ins of one account all succeed. An
   * email that already has a password account, in any case (the deployed pool's sign-in ignores case),
   * cannot also be a Google one here (Cognito would make a separate user).
   */
  const accountsFile = join(options.dataDir, 'google-accounts.json');
  type GoogleAccount = { sub: string; secret?: string };
  const googleAccounts = new Map<string, GoogleAccount>(
    existsSync(accountsFile)
      ? Object.entries(JSON.parse(readFileSync(accountsFile, 'utf8')) as Record<string, string | GoogleAccount>).map(([email, value]) => [
          email,
          typeof value === 'string' ? { sub: value } : value,
        ])
      : [],
  );
  const saveAccounts = () => writeFileAtomically(accountsFile, JSON.stringify(Object.fromEntries(googleAccounts)));
  /** One sign-in per email at a time makes or updates an account: the others wait for it. */
  const settling = new Map<string, Promise<unknown>>();

  /** The pool's user whose email is this one, whatever its case (cognito-local compares it as typed). */
  async function userByEmail(key: string): Promise<{ username: string; sub: string } | undefined> {
    let token: string | undefined;
    do {
      const page = await cognito.send(new ListUsersCommand({ UserPoolId: options.cognito.userPoolId, PaginationToken: token }));
      for (const user of page.Users ?? []) {
        const attribute = (name: string) => user.Attributes?.find((item) => item.Name === name)?.Value;
        if (attribute('email')?.toLowerCase() === key && user.Username && attribute('sub'))
          return { username: user.Username, sub: attribute('sub')! };
      }
      token = page.PaginationToken;
    } while (token);
    return undefined;
  }

  async function tokensFor(email: string): Promise<Tokens | 'taken'> {
    const key = email.toLowerCase();
    const previous = settling.get(key) ?? Promise.resolve();
    const turn = previous.catch(() => undefined).then(() => accountFor(key));
    settling.set(key, turn);
    const account = await turn.finally(() => {
      if (settling.get(key) === turn) settling.delete(key);
    });
    if (account === 'taken') return 'taken';
    const auth = await cognito.send(
      new InitiateAuthCommand({
        ClientId: options.cognito.clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: account.username, PASSWORD: account.secret },
      }),
    );
    const result = auth.AuthenticationResult;
    if (!result?.IdToken || !result.AccessToken || !result.RefreshToken) throw new Error('cognito-local returned no tokens');
    return {
      id_token: result.IdToken,
      access_token: result.AccessToken,
      refresh_token: result.RefreshToken,
      expires_in: result.ExpiresIn ?? 3600,
      token_type: 'Bearer',
    };
  }

  /** The Google account of this email, made on its first sign-in, or 'taken' by a password account. */
  async function accountFor(key: string): Promise<{ username: string; secret: string } | 'taken'> {
    const { userPoolId } = options.cognito;
    const existing = await userByEmail(key);
    const known = googleAccounts.get(key);
    if (existing) {
      if (!known || known.sub !== existing.sub) return 'taken';
      if (known.secret) return { username: existing.username, secret: known.secret };
      // An account from before the secret was kept: given one, once.
      const secret = `Gg-${randomBytes(24).toString('base64url')}1a`;
      await cognito.send(
        new AdminSetUserPasswordCommand({ UserPoolId: userPoolId, Username: existing.username, Password: secret, Permanent: true }),
      );
      googleAccounts.set(key, { sub: existing.sub, secret });
      saveAccounts();
      return { username: existing.username, secret };
    }
    // The first sign-in of this address: the account is made.
    const created = await cognito.send(
      new AdminCreateUserCommand({
        UserPoolId: userPoolId,
        Username: key,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: key },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
    const sub = created.User?.Attributes?.find((attribute) => attribute.Name === 'sub')?.Value;
    if (!sub) throw new Error('cognito-local created a user without a sub');
    // A federated user has no password; this one gets a random one, kept here and never shown.
    const secret = `Gg-${randomBytes(24).toString('base64url')}1a`;
    await cognito.send(new AdminSetUserPasswordCommand({ UserPoolId: userPoolId, Username: key, Password: secret, Permanent: true }));
    googleAccounts.set(key, { sub, secret });
    saveAccounts();
    return { username: key, secret };
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'https://localhost');
    const origin = req.headers.origin;
    const cors: Record<string, string> =
      origin && origins.has(origin)
        ? {
            'access-control-allow-origin': origin,
            'access-control-allow-headers': 'content-type, x-amz-user-agent',
            'access-control-allow-methods': 'POST, OPTIONS',
            vary: 'origin',
          }
        : {};

    if (req.method === 'GET' && url.pathname === '/oauth2/authorize') {
      const problem = checkAuthorize(url.searchParams);
      if (problem) return page(res, 400, 'No se puede iniciar sesión', `<p class="error">${escapeHtml(problem)}</p>`);
      return page(res, 200, 'Google (simulado)', googlePage(url.searchParams), [...origins]);
    }

    if (req.method === 'POST' && url.pathname === '/oauth2/google') {
      const body = await readBody(req, 64 * 1024);
      if (body === 'too-large') return page(res, 413, 'Error', '<p class="error">Petición demasiado grande.</p>');
      const params = new URLSearchParams(body.toString('utf8'));
      const problem = checkAuthorize(params);
      const email = (params.get('email') ?? '').trim();
      if (problem) return page(res, 400, 'No se puede iniciar sesión', `<p class="error">${escapeHtml(problem)}</p>`);
      if (!EMAIL.test(email)) {
        return page(res, 400, 'Google (simulado)', `<p class="error">Escribe una dirección de email válida.</p>${googlePage(params)}`, [
          ...origins,
        ]);
      }
      const tokens = await tokensFor(email);
      if (tokens === 'taken') {
        return page(
          res,
          409,
          'Google (simulado)',
          `<p class="error">Ya hay una cuenta con contraseña para ${escapeHtml(email)} en la nube local: elige otra cuenta de Google de prueba.</p>${googlePage(params)}`,
          [...origins],
        );
      }
      const code = randomBytes(24).toString('base64url');
      codes.set(code, {
        clientId: params.get('client_id') ?? '',
        redirectUri: params.get('redirect_uri') ?? '',
        challenge: params.get('code_challenge') ?? '',
        tokens,
        expiresAt: Date.now() + CODE_LIFETIME_MS,
      });
      const back = new URL(params.get('redirect_uri') ?? '');
      back.searchParams.set('code', code);
      back.searchParams.set('state', params.get('state') ?? '');
      res.writeHead(302, { location: back.toString(), 'cache-control': 'no-store' }).end();
      return;
    }

    if (req.method === 'OPTIONS' && url.pathname === '/oauth2/token') {
      res.writeHead(204, { ...cors, 'access-control-max-age': '600' }).end();
      return;
    }

    if (req.method === 'POST' && url.pathname === '/oauth2/token') {
      const body = await readBody(req, 64 * 1024);
      const fail = (error: string, status = 400): void => {
        res.writeHead(status, { ...cors, 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify({ error }));
      };
      if (body === 'too-large') return fail('invalid_request', 413);
      const params = new URLSearchParams(body.toString('utf8'));
      if (params.get('grant_type') !== 'authorization_code') return fail('unsupported_grant_type');
      const code = params.get('code') ?? '';
      const pending = codes.get(code);
      codes.delete(code);
      if (!pending || pending.expiresAt < Date.now()) return fail('invalid_grant');
      if (params.get('client_id') !== pending.clientId) return fail('invalid_client', 401);
      if (params.get('redirect_uri') !== pending.redirectUri) return fail('invalid_grant');
      const verifier = params.get('code_verifier') ?? '';
      const computed = Buffer.from(createHash('sha256').update(verifier).digest('base64url'));
      const expected = Buffer.from(pending.challenge);
      if (computed.length !== expected.length || !timingSafeEqual(computed, expected)) return fail('invalid_grant');
      res.writeHead(200, { ...cors, 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify(pending.tokens));
      return;
    }

    if (req.method === 'GET' && url.pathname === '/logout') {
      const logoutUri = url.searchParams.get('logout_uri') ?? '';
      if (url.searchParams.get('client_id') !== options.cognito.clientId || !options.redirectUris.includes(logoutUri)) {
        return page(res, 400, 'No se puede cerrar la sesión', '<p class="error">La logout_uri no es una de las URL de la aplicación.</p>');
      }
      res.writeHead(302, { location: logoutUri, 'cache-control': 'no-store' }).end();
      return;
    }

    page(res, 404, 'No encontrado', '<p>Esta dirección no existe en el inicio de sesión simulado.</p>');
  }

  const server = createServer({ cert, key }, safeHandler('local hosted UI', handle));
  // A TLS handshake that fails (the browser has not accepted the certificate yet) is not an error here.
  server.on('tlsClientError', () => {});
  const port = await listen(server, options.port);
  const domain = `${LOOPBACK}:${port}`;
  return {
    domain,
    url: `https://${domain}`,
    close: async () => {
      cognito.destroy();
      await closeServer(server);
    },
  };
}

/** The self-signed certificate for 127.0.0.1 and localhost, made once and kept in the data folder. */
async function certificate(dataDir: string): Promise<{ cert: string; key: string }> {
  const file = join(dataDir, 'hosted-ui-certificate.json');
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { cert?: string; key?: string; notAfter?: string };
    if (stored.cert && stored.key && stored.notAfter && Date.parse(stored.notAfter) > Date.now() + 24 * 60 * 60 * 1000)
      return { cert: stored.cert, key: stored.key };
  }
  const notAfter = new Date(Date.now() + 365 * 24 * 60 * 60 * 1000);
  const pems = await generate([{ name: 'commonName', value: 'Vaya día: inicio de sesión simulado (local)' }], {
    keySize: 2048,
    algorithm: 'sha256',
    notAfterDate: notAfter,
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 7, ip: LOOPBACK },
          { type: 2, value: 'localhost' },
        ],
      },
    ],
  });
  mkdirSync(dataDir, { recursive: true });
  writeFileAtomically(file, JSON.stringify({ cert: pems.cert, key: pems.private, notAfter: notAfter.toISOString() }));
  return { cert: pems.cert, key: pems.private };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The «Google (simulado)» chooser: the authorize parameters travel on as hidden fields. */
function googlePage(params: URLSearchParams): string {
  const hidden = [
    'client_id',
    'redirect_uri',
    'response_type',
    'identity_provider',
    'scope',
    'state',
    'code_challenge',
    'code_challenge_method',
  ]
    .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(params.get(name) ?? '')}">`)
    .join('');
  const samples = SAMPLE_GOOGLE_ACCOUNTS.map(
    (email) =>
      `<li><form method="post" action="/oauth2/google">${hidden}<input type="hidden" name="email" value="${escapeHtml(email)}"><button type="submit">Continuar como ${escapeHtml(email)}</button></form></li>`,
  ).join('');
  return `
<p>Esto no es Google: es el inicio de sesión simulado de la nube local de Vaya día. Elige una cuenta de prueba o escribe cualquier dirección; la cuenta se crea la primera vez.</p>
<ul class="accounts">${samples}</ul>
<form method="post" action="/oauth2/google">${hidden}
  <label for="email">Otra cuenta de Google de prueba</label>
  <input id="email" name="email" type="email" autocomplete="email" required placeholder="nombre@gmail.test">
  <button type="submit">Continuar</button>
</form>`;
}

function page(res: ServerResponse, status: number, title: string, body: string, formTargets: string[] = []): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    // form-action also governs the redirect a form's answer makes: back to the app's origins.
    'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${formTargets.join(' ')}; frame-ancestors 'none'`,
  }).end(`<!doctype html>
<html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#1f2937}
h1{font-size:1.4rem} .accounts{list-style:none;padding:0} .accounts li{margin:.5rem 0}
button{font:inherit;padding:.6rem 1rem;border-radius:.4rem;border:1px solid #9ca3af;background:#fff;cursor:pointer;width:100%}
input{font:inherit;padding:.5rem;width:100%;box-sizing:border-box;margin:.3rem 0 .6rem} .error{color:#b91c1c;font-weight:600}
</style></head>
<body><h1>${escapeHtml(title)}</h1>${body}</body></html>`);
}
