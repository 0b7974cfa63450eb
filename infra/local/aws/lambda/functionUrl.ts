/**
 * The local stand-in for CloudFront in front of a Lambda function URL (the page function): the web
 * server hands it the requests of the page function's paths, and it invokes the function with the
 * event a function URL sends (payload format 2.0, route `$default`), with the two headers the
 * function reads on AWS: `x-forwarded-host` (the host the visitor asked for, which CloudFront's
 * viewer-request function copies there) and `x-forwarded-proto` (which the function URL sets). Text
 * answers are compressed (brotli or gzip) when the browser accepts it, as CloudFront compresses them.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2 } from 'aws-lambda';
import { acceptedEncoding, compress } from '../cloudfront/compression';
import { LOOPBACK } from '../../process/ports';

export type FunctionUrlHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

export function functionUrl(functionId: string, invoke: (event: APIGatewayProxyEventV2) => Promise<unknown>): FunctionUrlHandler {
  return async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://local');
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(',') : value;
    }
    // What CloudFront's viewer-request function and the function URL set on AWS, whatever the client sent.
    headers['x-forwarded-host'] = req.headers.host ?? 'localhost';
    headers['x-forwarded-proto'] = 'http';
    const query: Record<string, string> = {};
    for (const [name, value] of url.searchParams) query[name] = name in query ? `${query[name]},${value}` : value;
    const now = new Date();
    const method = req.method ?? 'GET';
    const event: APIGatewayProxyEventV2 = {
      version: '2.0',
      routeKey: '$default',
      rawPath: url.pathname,
      rawQueryString: url.search.slice(1),
      headers,
      queryStringParameters: Object.keys(query).length > 0 ? query : undefined,
      requestContext: {
        accountId: 'anonymous',
        apiId: functionId,
        domainName: `${functionId}.lambda-url.local`,
        domainPrefix: functionId,
        http: {
          method,
          path: url.pathname,
          protocol: `HTTP/${req.httpVersion}`,
          sourceIp: req.socket.remoteAddress ?? LOOPBACK,
          userAgent: headers['user-agent'] ?? '',
        },
        requestId: randomUUID(),
        routeKey: '$default',
        stage: '$default',
        time: now.toUTCString(),
        timeEpoch: now.getTime(),
      },
      isBase64Encoded: false,
    };
    let result: APIGatewayProxyResultV2;
    try {
      result = (await invoke(event)) as APIGatewayProxyResultV2;
    } catch (error) {
      // A function that threw, could not start or timed out: what a function URL answers then.
      console.error(`local function url ${functionId}: ${error instanceof Error ? error.message : String(error)}`);
      res.writeHead(502, { 'content-type': 'application/json' }).end('{"Message":"Internal Server Error"}');
      return;
    }
    if (typeof result === 'string') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(result);
      return;
    }
    const answered = { ...(result.headers as Record<string, string> | undefined) };
    const raw = result.isBase64Encoded && result.body ? Buffer.from(result.body, 'base64') : Buffer.from(result.body ?? '', 'utf8');
    const encoding = compressible(answered['content-type']) ? acceptedEncoding(req.headers['accept-encoding']) : undefined;
    const body = encoding ? await compress(raw, encoding, 'fast') : raw;
    if (encoding) {
      answered['content-encoding'] = encoding;
      answered.vary = 'accept-encoding';
    }
    res.writeHead(result.statusCode ?? 200, answered);
    res.end(method === 'HEAD' ? undefined : body);
  };
}

// CloudFront compresses what the function answers (`compress: true` on its behaviour): so does this.
function compressible(type: string | undefined): boolean {
  return type !== undefined && /^(?:text\/|application\/(?:json|xml|rss\+xml))/.test(type);
}
