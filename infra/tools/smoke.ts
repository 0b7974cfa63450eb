/**
 * `npm run smoke -- <site URL>`: checks that a deployment works, as a visitor's browser would reach
 * it — `/config.json`, the home page, the feed (from the API the config names), a post's page (the
 * feed's first post; with none published yet, an unknown post's 404 page), the OpenAPI document, and
 * the live channel (the WebSocket the config names answers `{ "action": "ping" }` with
 * `{ "type": "pong" }`). With SMOKE_EMAIL and SMOKE_PASSWORD it also signs in as the web app does
 * (Amplify, with the flow the config names: SRP on AWS, USER_PASSWORD_AUTH against the local cloud)
 * and reads `/me`. Each step is printed with ✓ or ✗ and its time; the first failure stops it with exit
 * code 1 and names its step. Run it after every deploy with the URL the deploy prints
 * (docs/deploy-and-operate.md, "Smoke test"), and against `npm start` (CI does).
 */
import { pathToFileURL } from 'node:url';
import { Amplify } from 'aws-amplify';
import { fetchAuthSession, signIn } from 'aws-amplify/auth';
import WebSocket from 'ws';
import * as z from 'zod/mini';
import { runtimeConfigProblems, SITE_NAME, type RuntimeConfig } from '../../functions/contract/documents';
import { LIVE_PING, LIVE_PONG } from '../../functions/contract/live';
import { postPageSchema } from '../../functions/contract/posts';

/** How long any one request or the live answer may take. */
const STEP_TIMEOUT_MS = 15_000;

export class StepFailed extends Error {}

type Account = { email: string; password: string };

async function get(url: URL | string, init: RequestInit = {}): Promise<{ response: Response; text: string }> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, redirect: 'follow', signal: AbortSignal.timeout(STEP_TIMEOUT_MS) });
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    throw new StepFailed(`GET ${String(url)} got no answer (${cause?.code ?? cause?.message ?? (error as Error).message})`);
  }
  return { response, text: await response.text() };
}

function expectStatus(url: URL | string, response: Response, status: number, text: string): void {
  if (response.status !== status)
    throw new StepFailed(`GET ${String(url)} answered ${response.status}, not ${status}: ${text.slice(0, 200).replace(/\s+/g, ' ')}`);
}

function expectHtml(url: URL | string, response: Response): void {
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('text/html')) throw new StepFailed(`GET ${String(url)} answered ${type || 'no content type'}, not an HTML page`);
}

function json(url: URL | string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new StepFailed(`GET ${String(url)} did not answer JSON: ${text.slice(0, 120).replace(/\s+/g, ' ')}`);
  }
}

/** Opens the WebSocket, sends the ping, and waits for the pong. */
function pingLive(wsUrl: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(wsUrl);
    const done = (error?: Error) => {
      clearTimeout(timer);
      socket.removeAllListeners();
      socket.on('error', () => undefined);
      socket.terminate();
      if (error) reject(error);
      else resolve();
    };
    const timer = setTimeout(
      () => done(new StepFailed(`${wsUrl} did not answer the ping within ${STEP_TIMEOUT_MS / 1000} s`)),
      STEP_TIMEOUT_MS,
    );
    socket.on('open', () => socket.send(JSON.stringify(LIVE_PING)));
    socket.on('message', (data: Buffer) => {
      try {
        if ((JSON.parse(data.toString('utf8')) as { type?: unknown }).type === LIVE_PONG.type) done();
      } catch {
        // Not JSON: not the answer.
      }
    });
    socket.on('unexpected-response', (_request, response) =>
      done(new StepFailed(`${wsUrl} refused the connection: HTTP ${response.statusCode}`)),
    );
    socket.on('error', (error) => done(new StepFailed(`${wsUrl} could not be opened (${error.message})`)));
    socket.on('close', (code) => done(new StepFailed(`${wsUrl} closed the connection (code ${code}) before answering the ping`)));
  });
}

/** Signs in as the web app does and returns the ID token. */
async function idTokenOf(config: RuntimeConfig, account: Account): Promise<string> {
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
        loginWith: { email: true },
      },
    },
  });
  const authFlowType = config.authFlowType ?? 'USER_SRP_AUTH';
  let step: string;
  try {
    step = (await signIn({ username: account.email, password: account.password, options: { authFlowType } })).nextStep.signInStep;
  } catch (error) {
    throw new StepFailed(`${authFlowType} sign-in of ${account.email} failed: ${(error as Error).name}: ${(error as Error).message}`);
  }
  if (step !== 'DONE')
    throw new StepFailed(
      `the sign-in of ${account.email} asks for a further step (${step}): use an account that is confirmed and needs none`,
    );
  const token = (await fetchAuthSession()).tokens?.idToken?.toString();
  if (!token) throw new StepFailed('the sign-in gave no ID token');
  return token;
}

/**
 * Runs every step against `site`, printing each through `print`; resolves true when all passed, false
 * at the first failure (after printing which step and why).
 */
export async function smoke(site: string, account: Account | undefined, print: (line: string) => void = console.log): Promise<boolean> {
  const origin = new URL(site);
  let config: RuntimeConfig | undefined;
  let apiUrl = '';
  let firstPostId: string | null = null;
  let idToken = '';

  const steps: Array<[name: string, run: () => Promise<string>]> = [
    [
      'config.json',
      async () => {
        const url = new URL('/config.json', origin);
        const { response, text } = await get(url);
        expectStatus(url, response, 200, text);
        const body = json(url, text);
        const problems = runtimeConfigProblems(body);
        if (problems.length > 0) throw new StepFailed(`${String(url)} is not the site's configuration: wrong ${problems.join(', ')}`);
        config = body as RuntimeConfig;
        apiUrl = config.apiUrl.replace(/\/$/, '');
        return `API ${apiUrl}, live ${config.wsUrl}`;
      },
    ],
    [
      'home page',
      async () => {
        const url = new URL('/', origin);
        const { response, text } = await get(url);
        expectStatus(url, response, 200, text);
        expectHtml(url, response);
        if (!text.includes(SITE_NAME)) throw new StepFailed(`${String(url)} is not the site's page: no «${SITE_NAME}» in it`);
        return `${Math.round(text.length / 1024)} KB`;
      },
    ],
    [
      'feed',
      async () => {
        const url = `${apiUrl}/posts?limit=1`;
        const { response, text } = await get(url);
        expectStatus(url, response, 200, text);
        const page = z.safeParse(postPageSchema, json(url, text));
        if (!page.success) throw new StepFailed(`${url} is not a page of posts: ${page.error.message.slice(0, 200)}`);
        firstPostId = page.data.items[0]?.id ?? null;
        return firstPostId ? `newest post ${firstPostId}` : 'no post published yet';
      },
    ],
    [
      'post page',
      async () => {
        // With nothing published yet, the page function's own 404 page shows it renders posts' pages.
        const url = new URL(`/post/${encodeURIComponent(firstPostId ?? 'smoke-test-no-such-post')}`, origin);
        const { response, text } = await get(url);
        expectStatus(url, response, firstPostId ? 200 : 404, text);
        expectHtml(url, response);
        if (firstPostId && !text.includes(`/post/${firstPostId}`)) throw new StepFailed(`${String(url)} does not show post ${firstPostId}`);
        return firstPostId ? url.pathname : `${url.pathname} → 404 page (nothing published yet)`;
      },
    ],
    [
      'OpenAPI',
      async () => {
        const url = new URL('/api/openapi.json', origin);
        const { response, text } = await get(url);
        expectStatus(url, response, 200, text);
        const document = json(url, text) as { openapi?: unknown; paths?: Record<string, unknown> };
        if (typeof document.openapi !== 'string' || !document.paths?.['/posts'])
          throw new StepFailed(`${String(url)} is not the API's OpenAPI document`);
        return `OpenAPI ${document.openapi}, ${Object.keys(document.paths).length} paths`;
      },
    ],
    [
      'live',
      async () => {
        await pingLive(config!.wsUrl);
        return 'ping → pong';
      },
    ],
  ];
  if (account) {
    steps.push(
      [
        'sign-in',
        async () => {
          idToken = await idTokenOf(config!, account);
          return `${account.email} (${config!.authFlowType ?? 'USER_SRP_AUTH'})`;
        },
      ],
      [
        '/me',
        async () => {
          const url = `${apiUrl}/me`;
          const { response, text } = await get(url, { headers: { authorization: `Bearer ${idToken}` } });
          expectStatus(url, response, 200, text);
          const me = json(url, text) as { email?: unknown; name?: unknown };
          if (me.email !== account.email) throw new StepFailed(`${url} answered another account: ${String(me.email)}`);
          return `«${String(me.name)}»`;
        },
      ],
    );
  }

  print(`Smoke test of ${origin.origin}${account ? '' : ' (set SMOKE_EMAIL and SMOKE_PASSWORD to sign in too)'}`);
  for (const [name, run] of steps) {
    const started = performance.now();
    const took = () => `${Math.round(performance.now() - started)} ms`;
    try {
      const detail = await run();
      print(`  ✓ ${name.padEnd(12)} ${took().padStart(8)}  ${detail}`);
    } catch (error) {
      print(`  ✗ ${name.padEnd(12)} ${took().padStart(8)}  ${error instanceof StepFailed ? error.message : String(error)}`);
      print(`Smoke test failed at «${name}».`);
      return false;
    }
  }
  print(`Smoke test passed: ${steps.length} steps.`);
  return true;
}

async function main(): Promise<void> {
  const site = process.argv[2];
  if (!site || !/^https?:\/\//.test(site)) {
    console.error('Usage: npm run smoke -- <site URL, e.g. https://vayadia.es or http://localhost:5173>');
    process.exit(2);
  }
  const email = process.env.SMOKE_EMAIL;
  const password = process.env.SMOKE_PASSWORD;
  if (Boolean(email) !== Boolean(password)) {
    console.error('Set both SMOKE_EMAIL and SMOKE_PASSWORD (a confirmed account of the site), or neither.');
    process.exit(2);
  }
  const passed = await smoke(site, email && password ? { email, password } : undefined);
  process.exit(passed ? 0 : 1);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  await main();
}
