import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_BODY_BYTES } from '../../functions/contract/common';
import { ERRORS } from '../../functions/contract/errors';
import { PostNotFoundError } from '../../functions/domain/errors';
import { httpHandler, json, parseJsonBody, PUBLIC_READ } from '../../functions/handlers/http/http';
import { METRIC, METRICS_NAMESPACE } from '../../functions/metrics';
import { count } from '../../functions/observability';

/** A minimal API Gateway v2 event for the HTTP edge. */
function event(overrides: Partial<APIGatewayProxyEventV2> = {}): APIGatewayProxyEventV2 {
  return {
    version: '2.0',
    routeKey: 'GET /posts/{id}',
    rawPath: '/posts/x',
    rawQueryString: '',
    headers: {},
    isBase64Encoded: false,
    requestContext: { requestId: 'req-1', http: { method: 'GET' } } as APIGatewayProxyEventV2['requestContext'],
    ...overrides,
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

/**
 * The JSON lines handlers write. Powertools writes to stdout and stderr itself (not through the
 * global console, which the Lambda runtime would prefix), so those are what a test listens to.
 */
function captureOutput(): Record<string, unknown>[] {
  const lines: Record<string, unknown>[] = [];
  for (const stream of [process.stdout, process.stderr]) {
    vi.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => {
      for (const line of String(chunk).split('\n')) if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
      return true;
    });
  }
  return lines;
}

describe('httpHandler', () => {
  it('maps a domain error to its status and contract body', async () => {
    captureOutput();
    const result = await httpHandler(async () => {
      throw new PostNotFoundError();
    })(event());
    expect(result).toMatchObject({
      statusCode: 404,
      body: JSON.stringify({ error: { code: 'POST_NOT_FOUND', message: ERRORS.POST_NOT_FOUND.message } }),
    });
  });

  it('answers an unexpected error with a generic 500, never echoing it, and logs it with the request id', async () => {
    const lines = captureOutput();
    const result = await httpHandler(async () => {
      throw new Error('table arn:aws:dynamodb:secret is gone');
    })(event());
    expect(result).toMatchObject({ statusCode: 500 });
    const body = (result as { body: string }).body;
    expect(JSON.parse(body)).toEqual({ error: { code: 'INTERNAL_ERROR', message: ERRORS.INTERNAL_ERROR.message } });
    expect(body).not.toContain('secret');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 'ERROR',
      message: 'request failed',
      service: 'vaya-dia',
      requestId: 'req-1',
      status: 500,
      code: 'INTERNAL_ERROR',
      error: { name: 'Error', message: 'table arn:aws:dynamodb:secret is gone' },
    });
  });

  it('logs one line per request without headers or body', async () => {
    const lines = captureOutput();
    await httpHandler(async () => json(200, { ok: true }))(
      event({ headers: { authorization: 'Bearer secret-token' }, body: 'secret-body' }),
    );
    expect(lines).toHaveLength(1);
    expect(JSON.stringify(lines[0])).not.toContain('secret');
    expect(lines[0]).toMatchObject({ level: 'INFO', message: 'request', service: 'vaya-dia', route: 'GET /posts/{id}', status: 200 });
  });

  it('adds the Lambda context to the log line, and writes what the handler counted as one EMF line', async () => {
    const lines = captureOutput();
    const context = {
      awsRequestId: 'lambda-1',
      functionName: 'ListPosts',
      invokedFunctionArn: 'arn:fn',
      memoryLimitInMB: '256',
      functionVersion: '$LATEST',
    };
    await httpHandler(async () => {
      count(METRIC.postsPublished);
      return json(201, {});
    })(event(), context as Context);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ message: 'request', requestId: 'req-1', function_request_id: 'lambda-1', function_name: 'ListPosts' });
    expect(lines[1]).toMatchObject({
      _aws: {
        CloudWatchMetrics: [
          { Namespace: METRICS_NAMESPACE, Dimensions: [['service']], Metrics: [{ Name: 'PostsPublished', Unit: 'Count' }] },
        ],
      },
      service: 'vaya-dia',
      PostsPublished: 1,
    });
  });

  it('writes no metrics line for a request that counted nothing', async () => {
    const lines = captureOutput();
    await httpHandler(async () => json(200, {}))(event());
    expect(lines.map((line) => line.message)).toEqual(['request']);
  });
});

describe('json', () => {
  it('is never stored unless the handler says the answer is a public read, which CloudFront may share a few seconds', () => {
    expect(json(200, {}).headers['cache-control']).toBe('no-store');
    expect(json(200, {}, PUBLIC_READ).headers['cache-control']).toBe('public, max-age=0, s-maxage=5');
  });
});

describe('parseJsonBody', () => {
  it('measures a base64 body after decoding it', () => {
    const payload = JSON.stringify({ post: 'x'.repeat(MAX_BODY_BYTES - 20) });
    const encoded = Buffer.from(payload).toString('base64');
    expect(encoded.length).toBeGreaterThan(MAX_BODY_BYTES);
    expect(parseJsonBody(event({ body: encoded, isBase64Encoded: true }))).toEqual(JSON.parse(payload));
  });

  it('refuses a body over the limit and invalid JSON with their codes', () => {
    expect(() => parseJsonBody(event({ body: 'x'.repeat(MAX_BODY_BYTES + 1) }))).toThrow(
      expect.objectContaining({ code: 'PAYLOAD_TOO_LARGE' }),
    );
    expect(() => parseJsonBody(event({ body: '{' }))).toThrow(expect.objectContaining({ code: 'INVALID_JSON' }));
  });
});
