/**
 * The local stand-in for CloudFront + S3: serves `/config.json` and the web app on one port.
 * Until the web app is built it serves a plain page saying so.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RuntimeConfig } from '../../functions/contract';

export type WebServerOptions = { host: string; port: number; config: RuntimeConfig };
export type RunningServer = { url: string; close(): Promise<void> };

const PLACEHOLDER = `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Vaya día</title></head>
<body><h1>Vaya día</h1><p>La aplicación web todavía no está construida. La API local ya funciona: mira <a href="/config.json">/config.json</a>.</p></body></html>`;

export async function startWebServer(options: WebServerOptions): Promise<RunningServer> {
  const configJson = JSON.stringify(options.config);
  const server = createServer((req, res) => {
    if (req.url === '/config.json') {
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-cache' });
      res.end(configJson);
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
    res.end(PLACEHOLDER);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
