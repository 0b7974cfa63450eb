/**
 * A stand-in for Secrets Manager's `GetSecretValue`, for the one secret functions read: Web Push's VAPID
 * keys. They are made at the first start (a P-256 key pair, as `web-push generate-vapid-keys` makes)
 * and kept in the data folder (`push/vapid.json`, readable by its owner only), so browsers subscribed
 * with the public key keep working across restarts. Only calls signed with the functions' credentials
 * are answered; the SDK finds it through `AWS_ENDPOINT_URL_SECRETS_MANAGER`.
 */
import { createECDH } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, join } from 'node:path';
import { signedBy, type LocalCredentials } from '../apigateway/sigv4';
import { closeServer, listen, LOOPBACK, readBody, safeHandler } from '../../process/ports';

/** The secret's name locally (on AWS: the stack's `vapidSecretName`). */
export const LOCAL_VAPID_SECRET_NAME = 'vaya-dia/vapid';
/** The contact a push service may write to about this sender (VAPID `sub`). */
const LOCAL_VAPID_SUBJECT = 'mailto:avisos@vaya-dia.local';

export type VapidSecret = { publicKey: string; privateKey: string; subject: string };

/** The VAPID keys of this data folder: read, or made and written on the first start. */
export function ensureVapidKeys(dataDir: string): VapidSecret {
  const file = join(dataDir, 'push', 'vapid.json');
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<VapidSecret>;
    if (typeof stored.publicKey !== 'string' || typeof stored.privateKey !== 'string') {
      throw new Error(`${file} is damaged: delete it to make new VAPID keys (browsers then subscribe again)`);
    }
    return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject: stored.subject ?? LOCAL_VAPID_SUBJECT };
  }
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const keys: VapidSecret = {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    privateKey: ecdh.getPrivateKey().toString('base64url'),
    subject: LOCAL_VAPID_SUBJECT,
  };
  mkdirSync(dirname(file), { recursive: true });
  // Written whole, then renamed: a crash never leaves half a key.
  writeFileSync(`${file}.tmp`, JSON.stringify(keys, null, 2), { mode: 0o600 });
  renameSync(`${file}.tmp`, file);
  return keys;
}

export async function startSecretsManager(options: {
  port: number;
  credentials: LocalCredentials;
  secrets: Readonly<Record<string, string>>;
}): Promise<{ url: string; close(): Promise<void> }> {
  const answer = (res: import('node:http').ServerResponse, status: number, type: string | undefined, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/x-amz-json-1.1', ...(type ? { 'x-amzn-errortype': type } : {}) });
    res.end(JSON.stringify(body));
  };
  const server = createServer(
    safeHandler('local secrets manager', async (req, res) => {
      const body = await readBody(req, 64 * 1024);
      if (body === 'too-large') return answer(res, 413, 'ValidationException', { message: 'Request too large' });
      if (!(await signedBy(req, body, options.credentials))) {
        return answer(res, 403, 'UnrecognizedClientException', { message: 'The security token included in the request is invalid.' });
      }
      if (req.method !== 'POST' || req.headers['x-amz-target'] !== 'secretsmanager.GetSecretValue') {
        return answer(res, 400, 'UnknownOperationException', { message: 'Only GetSecretValue is served here' });
      }
      let secretId: unknown;
      try {
        secretId = (JSON.parse(body.toString('utf8')) as { SecretId?: unknown }).SecretId;
      } catch {
        return answer(res, 400, 'SerializationException', { message: 'Could not parse the request body' });
      }
      const value = typeof secretId === 'string' ? options.secrets[secretId] : undefined;
      if (value === undefined) {
        return answer(res, 400, 'ResourceNotFoundException', { message: "Secrets Manager can't find the specified secret." });
      }
      answer(res, 200, undefined, {
        ARN: `arn:aws:secretsmanager:local:000000000000:secret:${String(secretId)}-local`,
        Name: secretId,
        SecretString: value,
        VersionId: 'local',
        VersionStages: ['AWSCURRENT'],
        CreatedDate: 0,
      });
    }),
  );
  const port = await listen(server, options.port);
  return { url: `http://${LOOPBACK}:${port}`, close: () => closeServer(server) };
}
