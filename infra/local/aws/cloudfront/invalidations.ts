/**
 * A stand-in for CloudFront's `CreateInvalidation`, for the one distribution functions invalidate
 * paths in (the site's), dropping them from the local card cache (cardCache.ts). Only calls signed
 * with the functions' credentials are answered; the SDK finds it through `AWS_ENDPOINT_URL_CLOUDFRONT`.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import { XMLBuilder, XMLParser } from 'fast-xml-parser';
import { signedBy, type LocalCredentials } from '../apigateway/sigv4';
import { closeServer, listen, LOOPBACK, readBody, safeHandler } from '../../process/ports';

/** The site's distribution id locally (on AWS: the stack's distribution). */
export const LOCAL_DISTRIBUTION_ID = 'ELOCALSITE';
const NAMESPACE = 'http://cloudfront.amazonaws.com/doc/2020-05-31/';
const INVALIDATION_PATH = /^\/2020-05-31\/distribution\/([^/]+)\/invalidation$/;

const xml = new XMLBuilder({ ignoreAttributes: false });
const parser = new XMLParser({ isArray: (name) => name === 'Path', parseTagValue: false });

function answer(res: ServerResponse, status: number, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'text/xml', ...headers });
  res.end(`<?xml version="1.0" encoding="UTF-8"?>${xml.build(body)}`);
}

const error = (res: ServerResponse, status: number, code: string, message: string) =>
  answer(
    res,
    status,
    { ErrorResponse: { '@_xmlns': NAMESPACE, Error: { Type: 'Sender', Code: code, Message: message } } },
    { 'x-amzn-errortype': code },
  );

export async function startInvalidations(options: {
  port: number;
  credentials: LocalCredentials;
  onInvalidation(paths: readonly string[]): void;
}): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer(
    safeHandler('local CloudFront API', async (req, res) => {
      const body = await readBody(req, 1024 * 1024);
      if (body === 'too-large') return error(res, 413, 'InvalidArgument', 'Request too large');
      if (!(await signedBy(req, body, options.credentials))) {
        return error(res, 403, 'InvalidClientTokenId', 'The security token included in the request is invalid.');
      }
      const target = INVALIDATION_PATH.exec(new URL(req.url ?? '/', 'http://local').pathname);
      if (req.method !== 'POST' || !target) return error(res, 400, 'InvalidAction', 'Only CreateInvalidation is served here');
      if (target[1] !== LOCAL_DISTRIBUTION_ID) return error(res, 404, 'NoSuchDistribution', 'The specified distribution does not exist.');
      let batch: { CallerReference?: unknown; Paths?: { Quantity?: unknown; Items?: { Path?: unknown } } } | undefined;
      try {
        batch = (parser.parse(body.toString('utf8')) as { InvalidationBatch?: typeof batch }).InvalidationBatch;
      } catch {
        batch = undefined;
      }
      const paths = batch?.Paths?.Items?.Path;
      if (
        !Array.isArray(paths) ||
        !paths.every((path) => typeof path === 'string' && path.startsWith('/')) ||
        Number(batch?.Paths?.Quantity) !== paths.length
      ) {
        return error(res, 400, 'InvalidArgument', 'Each path must start with / and Quantity must count them.');
      }
      options.onInvalidation(paths as string[]);
      const id = `I${randomUUID().replaceAll('-', '').slice(0, 13).toUpperCase()}`;
      answer(
        res,
        201,
        {
          Invalidation: {
            '@_xmlns': NAMESPACE,
            Id: id,
            Status: 'Completed',
            CreateTime: new Date().toISOString(),
            InvalidationBatch: {
              Paths: { Quantity: paths.length, Items: { Path: paths } },
              CallerReference: typeof batch?.CallerReference === 'string' ? batch.CallerReference : '',
            },
          },
        },
        { location: `http://${LOOPBACK}/2020-05-31/distribution/${LOCAL_DISTRIBUTION_ID}/invalidation/${id}` },
      );
    }),
  );
  const port = await listen(server, options.port);
  return { url: `http://${LOOPBACK}:${port}`, close: () => closeServer(server) };
}
