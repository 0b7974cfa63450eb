/**
 * Checks an AWS Signature Version 4 the way an AWS endpoint does: the request is signed again with the
 * secret the local cloud gave its functions, and the signatures must match. Used where an AWS API must
 * answer only callers holding credentials (the WebSocket API's @connections endpoint).
 */
import { createHash, createHmac, timingSafeEqual, type Hash, type Hmac } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { SignatureV4 } from '@smithy/signature-v4';

export type LocalCredentials = { accessKeyId: string; secretAccessKey: string };

/** The SHA-256 (or HMAC-SHA-256 with a key) the signer asks for, on node:crypto. */
type SourceData = string | ArrayBuffer | ArrayBufferView;
const bytes = (data: SourceData) =>
  typeof data === 'string'
    ? data
    : data instanceof ArrayBuffer
      ? new Uint8Array(data)
      : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);

class Sha256 {
  private hash: Hash | Hmac;
  private readonly secret?: string | Uint8Array;
  constructor(secret?: SourceData) {
    this.secret = secret === undefined ? undefined : bytes(secret);
    this.hash = this.secret ? createHmac('sha256', this.secret) : createHash('sha256');
  }
  update(data: SourceData): void {
    this.hash.update(bytes(data));
  }
  digest(): Promise<Uint8Array> {
    return Promise.resolve(new Uint8Array(this.hash.digest()));
  }
  reset(): void {
    this.hash = this.secret ? createHmac('sha256', this.secret) : createHash('sha256');
  }
}

const AUTHORIZATION =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/;

/** Whether the request carries a valid signature by `credentials` (any service and region it names). */
export async function signedBy(req: IncomingMessage, body: Buffer, credentials: LocalCredentials): Promise<boolean> {
  const match = AUTHORIZATION.exec(String(req.headers.authorization ?? ''));
  if (!match || match[1] !== credentials.accessKeyId) return false;
  const [, , , region, service, signedHeaderList, signature] = match as unknown as string[];
  const headers: Record<string, string> = {};
  for (const name of signedHeaderList!.split(';')) {
    const value = req.headers[name];
    if (value === undefined) return false;
    headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  const amzDate = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(headers['x-amz-date'] ?? '');
  if (!amzDate) return false;
  const signingDate = new Date(`${amzDate[1]}-${amzDate[2]}-${amzDate[3]}T${amzDate[4]}:${amzDate[5]}:${amzDate[6]}Z`);
  // A signature is good for five minutes either way, as on AWS.
  if (Math.abs(Date.now() - signingDate.getTime()) > 5 * 60_000) return false;
  const url = new URL(req.url ?? '/', `http://${headers.host ?? 'localhost'}`);
  const signer = new SignatureV4({ credentials, region: region!, service: service!, sha256: Sha256 });
  const signed = await signer.sign(
    {
      method: req.method ?? 'GET',
      protocol: 'http:',
      hostname: url.hostname,
      port: url.port ? Number(url.port) : undefined,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers,
      body,
    },
    { signingDate },
  );
  const expected = /Signature=([0-9a-f]{64})/.exec(String(signed.headers.authorization ?? ''))?.[1];
  return expected !== undefined && timingSafeEqual(Buffer.from(expected), Buffer.from(signature!));
}
