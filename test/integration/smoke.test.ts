/**
 * `npm run smoke`, run as an operator runs it after a deploy, against the real local cloud: every
 * step passes, signed in too; and when a piece is down (the API, the WebSocket) it stops at that
 * step, names it, and exits non-zero.
 */
import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloudPerFile } from '../support/cloudPerFile';
import { createUser } from '../support/users';

const ROOT = resolve(import.meta.dirname, '../..');
const shared = cloudPerFile();

function smoke(site: string, env: Record<string, string> = {}): Promise<{ code: number; output: string }> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', resolve(ROOT, 'infra/tools/smoke.ts'), site],
      { cwd: ROOT, env: { ...process.env, SMOKE_EMAIL: '', SMOKE_PASSWORD: '', ...env }, timeout: 120_000 },
      (error, stdout, stderr) => done({ code: error ? ((error as { code?: number }).code ?? 1) : 0, output: `${stdout}${stderr}` }),
    );
  });
}

/** The address of a port that nothing listens on (taken, then let go): a piece that is down. */
async function freePortUrl(scheme: 'http' | 'ws'): Promise<string> {
  const probe = createServer();
  await new Promise<void>((listening) => probe.listen(0, '127.0.0.1', listening));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((closed) => probe.close(() => closed()));
  return `${scheme}://127.0.0.1:${port}`;
}

/**
 * The site as the local cloud serves it, but with `/config.json` naming other addresses: what a
 * visitor meets when the page is served and a piece behind it is down.
 */
let front: Server;
let frontUrl = '';
let configOverride: Record<string, string> = {};
beforeAll(async () => {
  front = createServer((request, response) => {
    void (async () => {
      const upstream = await fetch(new URL(request.url ?? '/', shared.cloud.webUrl));
      const body = Buffer.from(await upstream.arrayBuffer());
      if (request.url === '/config.json') {
        response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ ...JSON.parse(body.toString('utf8')), ...configOverride }));
        return;
      }
      response.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'text/plain' }).end(body);
    })().catch(() => response.writeHead(502).end());
  });
  await new Promise<void>((listening) => front.listen(0, '127.0.0.1', listening));
  frontUrl = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((closed) => front.close(() => closed())));

describe('npm run smoke', () => {
  it('passes every step against the local cloud, and signs in and reads /me with SMOKE_EMAIL', async () => {
    const user = await createUser(shared.cloud, { name: 'Humo' });
    const run = await smoke(shared.cloud.webUrl, { SMOKE_EMAIL: user.email, SMOKE_PASSWORD: user.password });
    expect(run.code, run.output).toBe(0);
    for (const step of ['config.json', 'home page', 'feed', 'post page', 'OpenAPI', 'live', 'sign-in', '/me'])
      expect(run.output).toMatch(new RegExp(`✓ ${step.replace('.', '\\.')}\\s+\\d+ ms`));
    expect(run.output).toContain('«Humo»');
    expect(run.output).toContain('Smoke test passed: 8 steps.');
  }, 120_000);

  it('stops at «feed», saying so, when the page answers but the API does not', async () => {
    configOverride = { apiUrl: await freePortUrl('http') };
    const run = await smoke(frontUrl);
    expect(run.code).toBe(1);
    expect(run.output).toMatch(/✓ home page/);
    expect(run.output).toMatch(/✗ feed\s+\d+ ms {2}GET http:\/\/127\.0\.0\.1:\d+\/posts\?limit=1 got no answer/);
    expect(run.output).toContain('Smoke test failed at «feed».');
    expect(run.output).not.toMatch(/[✓✗] live/);
  }, 120_000);

  it('stops at «live» when the WebSocket gateway is down', async () => {
    configOverride = { wsUrl: await freePortUrl('ws') };
    const run = await smoke(frontUrl);
    expect(run.code).toBe(1);
    expect(run.output).toMatch(/✓ OpenAPI/);
    expect(run.output).toMatch(/✗ live\s+\d+ ms {2}ws:\/\/127\.0\.0\.1:\d+ could not be opened/);
    expect(run.output).toContain('Smoke test failed at «live».');
  }, 120_000);
});
