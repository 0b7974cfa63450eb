/**
 * Web Push (docs/api.md, "Notifications") without the internet: a push receiver on
 * 127.0.0.1 stands in for a push service (the local cloud's allow-list has loopback over http for it;
 * deployments never do). A post published by a moderator reaches its author's device encrypted
 * (RFC 8291 `aes128gcm`, decrypted here with the subscription's own keys) and signed (VAPID, checked
 * against `GET /push/key`); a 410 from the push service deletes the subscription; endpoints off the
 * list are refused before any request is made to them.
 */
import { ACCOUNT_STATE_TTL_MS } from '../../functions/domain/accountState';
import { createECDH, randomBytes, randomUUID, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { decodeJwt, importJWK, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../functions/contract/errors';
import type { OwnPost } from '../../functions/contract/posts';
import { MAX_PUSH_DEVICES, type PushKey, type PushMessage } from '../../functions/contract/push';
import { endpointHashOf } from '../../functions/domain/push';
import { PUSH_SUBSCRIPTIONS_INDEX, pushDevicesKey } from '../../functions/store/tables';
import { call, publish } from '../support/api';
import { errorsAndWarnings } from '../support/localCloud';
import { cloudPerFile } from '../support/cloudPerFile';
import { decide, publishApproved } from '../support/moderation';
import { createUser, type TestUser } from '../support/users';

/** `http_ece`, the RFC 8188/8291 implementation web-push encrypts with (it has no types of its own). */
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(buffer: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string }): Buffer;
};

type Received = { path: string; headers: IncomingHttpHeaders; body: Buffer };

let receiver: Server;
let receiverOrigin: string;
const received: Received[] = [];
/** What the receiver answers for a path (201 Created otherwise, as push services do). */
const answers = new Map<string, number>();

/** A browser's subscription: its own P-256 key pair and auth secret, and an endpoint on the receiver. */
function device(path = `/push/${randomUUID()}`) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16).toString('base64url');
  return {
    ecdh,
    auth,
    path,
    subscription: { endpoint: `${receiverOrigin}${path}`, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth } },
  };
}
type Device = ReturnType<typeof device>;

/** 65 bytes shaped like an uncompressed P-256 key (0x04, x, y) whose point is off the curve. */
function notAPoint(): string {
  const point = device().ecdh.getPublicKey();
  point[64] = point[64]! ^ 1;
  return point.toString('base64url');
}

const subscribe = (user: TestUser | undefined, body: unknown, rawBody?: string) =>
  call<ErrorBody | undefined>(site.cloud, '/me/push-subscriptions', { method: 'PUT', token: user?.idToken, body, rawBody });
const unsubscribe = (user: TestUser, endpoint: string) =>
  call<ErrorBody | undefined>(site.cloud, '/me/push-subscriptions', { method: 'DELETE', token: user.idToken, body: { endpoint } });

const rowOf = async (endpoint: string) =>
  (
    await site.documents.send(
      new GetCommand({ TableName: site.cloud.tables.pushSubscriptions, Key: { endpointHash: endpointHashOf(endpoint) } }),
    )
  ).Item;

/**
 * Polls until `check` gives a value (the stream functions run within seconds; a cold start takes longer).
 * A timeout says what the local cloud logged as an error or a warning meanwhile: the push travels through
 * two stream functions, and which one failed is in that log, not in the test's.
 */
async function until<T>(check: () => Promise<T | undefined> | T | undefined, what: string, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  const logStart = site.cloud.output().length;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) {
      const suspect = errorsAndWarnings(site.cloud.output().slice(logStart)).slice(-20);
      throw new Error(
        `timed out waiting until ${what}; the local cloud's errors and warnings meanwhile:\n${suspect.join('\n') || '(none)'}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The endpoints account-index lists for the account. */
async function indexedEndpoints(user: TestUser): Promise<string[]> {
  const { sub } = decodeJwt(user.idToken);
  const { Items = [] } = await site.documents.send(
    new QueryCommand({
      TableName: site.cloud.tables.pushSubscriptions,
      IndexName: PUSH_SUBSCRIPTIONS_INDEX.account,
      KeyConditionExpression: 'accountId = :a',
      ExpressionAttributeValues: { ':a': sub },
    }),
  );
  return Items.map((item) => item.endpoint as string).sort();
}

/** Which of these devices still have a row for the user (consistent reads of each row). */
async function storedFor(user: TestUser, devices: readonly Device[]): Promise<Device[]> {
  const { sub } = decodeJwt(user.idToken);
  const rows = await Promise.all(devices.map((one) => rowOf(one.subscription.endpoint)));
  return devices.filter((_, index) => rows[index]?.accountId === sub);
}

const messagesAt = (path: string) => received.filter((request) => request.path === path);

/** The push message a request carried, decrypted with the device's keys. */
function decrypt(request: Received, target: Device): PushMessage {
  const plain = ece.decrypt(request.body, { version: 'aes128gcm', privateKey: target.ecdh, authSecret: target.auth });
  return JSON.parse(plain.toString('utf8')) as PushMessage;
}

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(answers.get(path) ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverOrigin = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
}, 300_000);

afterAll(async () => {
  await new Promise((resolve) => receiver?.close(resolve));
});

// After the receiver's hooks: the cloud starts once the receiver listens, and stops before it closes.
const site = cloudPerFile({ env: { SEED: '0' }, moderator: 'Supervisora Push' });

describe('GET /push/key', () => {
  it('is the VAPID public key, a P-256 point, the same on every call and for everyone', async () => {
    const first = await call<PushKey>(site.cloud, '/push/key');
    expect(first.status).toBe(200);
    const key = Buffer.from(first.body.publicKey, 'base64url');
    expect(key.length).toBe(65);
    expect(key[0]).toBe(4);
    expect((await call<PushKey>(site.cloud, '/push/key')).body).toEqual(first.body);
  });
});

describe('PUT /me/push-subscriptions', () => {
  it('refuses endpoints off the push services, hostile bodies and callers without a token, and never calls them', async () => {
    const user = await createUser(site.cloud, { name: 'Persona Hostil' });
    const keys = device().subscription.keys;
    const before = received.length;
    const port = (receiver.address() as AddressInfo).port;
    const offTheList = [
      'https://evil.example.com/push/1',
      'http://fcm.googleapis.com/fcm/send/1',
      'https://fcm.googleapis.com.evil.example/fcm/send/1',
      'https://evilfcm.googleapis.com/fcm/send/1',
      'https://notify.windows.com/w/1',
      'https://user:secret@fcm.googleapis.com/fcm/send/1',
      `https://127.0.0.1:${port}/push/1`,
      `http://localhost:${port}/push/1`,
      `http://127.0.0.2:${port}/push/1`,
      `http://[::1]:${port}/push/1`,
      'http://169.254.169.254/latest/meta-data/',
      'file:///etc/passwd',
      'no es una dirección',
    ];
    for (const endpoint of offTheList) {
      const answer = await subscribe(user, { endpoint, keys });
      expect({ endpoint, status: answer.status, code: answer.body?.error.code }).toEqual({
        endpoint,
        status: 400,
        code: 'INVALID_SUBSCRIPTION',
      });
    }
    const good = device().subscription;
    const badKeys = [
      { p256dh: Buffer.alloc(65, 4).toString('base64url').slice(0, 80), auth: good.keys.auth },
      { p256dh: Buffer.concat([Buffer.from([2]), randomBytes(64)]).toString('base64url'), auth: good.keys.auth },
      // The right length and prefix, but not a point on P-256: no message could ever be encrypted for it.
      { p256dh: notAPoint(), auth: good.keys.auth },
      { p256dh: good.keys.p256dh, auth: randomBytes(12).toString('base64url') },
      { p256dh: good.keys.p256dh, auth: '!!!!!!!!!!!!!!!!!!!!!!' },
    ];
    for (const bad of badKeys) {
      expect((await subscribe(user, { endpoint: good.endpoint, keys: bad })).body?.error.code).toBe('INVALID_SUBSCRIPTION');
    }
    expect((await subscribe(user, { endpoint: 'x'.repeat(5000), keys })).body?.error.code).toBe('INVALID_SUBSCRIPTION');
    for (const shape of [{}, [], 'texto', { endpoint: good.endpoint }, { keys }, { endpoint: 7, keys }, null]) {
      expect((await subscribe(user, shape)).body?.error.code).toBe('INVALID_REQUEST');
    }
    expect((await subscribe(user, undefined, '{"endpoint":')).body?.error.code).toBe('INVALID_JSON');
    expect((await subscribe(user, undefined, JSON.stringify({ ...good, pad: 'x'.repeat(20_000) }))).status).toBe(413);
    expect((await subscribe(undefined, good)).status).toBe(401);
    expect(await rowOf(good.endpoint)).toBeUndefined();
    // Nothing was ever sent anywhere: storing a subscription makes no request.
    expect(received.length).toBe(before);
  });

  it('keeps one row when the same subscription arrives twenty times at once', async () => {
    const user = await createUser(site.cloud, { name: 'Persona Veinte' });
    const target = device();
    const answers20 = await Promise.all(Array.from({ length: 20 }, () => subscribe(user, target.subscription)));
    expect(answers20.map((answer) => answer.status)).toEqual(Array(20).fill(204));
    const { sub } = decodeJwt(user.idToken);
    const { Items = [] } = await site.documents.send(
      new QueryCommand({
        TableName: site.cloud.tables.pushSubscriptions,
        IndexName: PUSH_SUBSCRIPTIONS_INDEX.account,
        KeyConditionExpression: 'accountId = :a',
        ExpressionAttributeValues: { ':a': sub },
      }),
    );
    expect(Items.map((item) => item.endpoint as unknown)).toEqual([target.subscription.endpoint]);
  });
});

describe('a notification as Web Push', () => {
  it("reaches the author's device encrypted for it and signed with the site's VAPID key, and nobody else's", async () => {
    const author = await createUser(site.cloud, { name: 'Autora Push' });
    const other = await createUser(site.cloud, { name: 'Otra Persona Push' });
    const phone = device();
    const otherPhone = device();
    expect((await subscribe(author, phone.subscription)).status).toBe(204);
    expect((await subscribe(other, otherPhone.subscription)).status).toBe(204);

    const post = await publishApproved(site.cloud, author, site.moderator, {
      category: 'trabajo',
      post: `Anécdota para el móvil ${randomUUID()}`,
    });
    const request = await until(() => messagesAt(phone.path)[0], 'the push message arrives', 120_000);

    expect(request.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(request.headers.ttl)).toBeGreaterThan(0);
    const message = decrypt(request, phone);
    expect(message).toMatchObject({
      notification: { type: 'post.published', postId: post.id, read: false },
      title: 'Tu anécdota se ha publicado',
      url: `/post/${post.id}`,
    });
    // VAPID (RFC 8292): `vapid t=<JWT signed with the private key>, k=<the public key GET /push/key gives>`.
    const { publicKey } = (await call<PushKey>(site.cloud, '/push/key')).body;
    const vapid = /^vapid t=([^,]+), k=([A-Za-z0-9_-]+)$/.exec(String(request.headers.authorization));
    expect(vapid?.[2]).toBe(publicKey);
    const point = Buffer.from(publicKey, 'base64url');
    const jwk = { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') };
    const { payload } = await jwtVerify(vapid![1]!, await importJWK(jwk, 'ES256'));
    expect(payload.aud).toBe(receiverOrigin);
    expect(String(payload.sub)).toMatch(/^(mailto:|https:)/);

    // The other account's device heard nothing of it (the author's message was sent after the same record).
    expect(messagesAt(otherPhone.path)).toEqual([]);
    // The message cannot be read with another device's keys.
    expect(() => decrypt(request, otherPhone)).toThrow();
  }, 240_000);

  it('deletes a subscription the push service says is gone (410), and only that one', async () => {
    const author = await createUser(site.cloud, { name: 'Autora Cambió Móvil' });
    const gone = device();
    const kept = device();
    answers.set(gone.path, 410);
    await subscribe(author, gone.subscription);
    await subscribe(author, kept.subscription);
    expect(await rowOf(gone.subscription.endpoint)).toBeDefined();

    await publishApproved(site.cloud, author, site.moderator, { category: 'varios', post: `Anécdota con un móvil viejo ${randomUUID()}` });
    await until(() => messagesAt(gone.path)[0], 'the gone device is tried', 120_000);
    await until(
      async () => ((await rowOf(gone.subscription.endpoint)) === undefined ? true : undefined),
      'the gone subscription is deleted',
    );
    await until(() => messagesAt(kept.path)[0], 'the other device gets it');
    expect(await rowOf(kept.subscription.endpoint)).toMatchObject({ endpoint: kept.subscription.endpoint });
  }, 240_000);
});

describe('a stored subscription whose keys no message can be encrypted for', () => {
  it('is deleted when a push would go to it, nothing is sent to it, and the good device still gets its push', async () => {
    const author = await createUser(site.cloud, { name: 'Autora Clave Rota' });
    const broken = device();
    const kept = device();
    await subscribe(author, broken.subscription);
    await subscribe(author, kept.subscription);
    // As a version that checked only the length and prefix could have stored it.
    await site.documents.send(
      new UpdateCommand({
        TableName: site.cloud.tables.pushSubscriptions,
        Key: { endpointHash: endpointHashOf(broken.subscription.endpoint) },
        UpdateExpression: 'SET p256dh = :bad',
        ConditionExpression: 'attribute_exists(endpointHash)',
        ExpressionAttributeValues: { ':bad': notAPoint() },
      }),
    );
    await publishApproved(site.cloud, author, site.moderator, { category: 'varios', post: `Anécdota con una clave rota ${randomUUID()}` });
    await until(() => messagesAt(kept.path)[0], 'the good device gets it', 120_000);
    await until(
      async () => ((await rowOf(broken.subscription.endpoint)) === undefined ? true : undefined),
      'the broken subscription is deleted',
    );
    expect(messagesAt(broken.path)).toEqual([]);
    expect(await indexedEndpoints(author)).toEqual([kept.subscription.endpoint]);
  }, 240_000);
});

describe('DELETE /me/push-subscriptions', () => {
  it("forgets the caller's device, leaves another account's alone, and a device subscribed again moves to the new account", async () => {
    const first = await createUser(site.cloud, { name: 'Primera Cuenta' });
    const second = await createUser(site.cloud, { name: 'Segunda Cuenta' });
    const shared = device();
    await subscribe(first, shared.subscription);
    expect((await unsubscribe(second, shared.subscription.endpoint)).status).toBe(204);
    const { sub: firstId } = decodeJwt(first.idToken);
    const { sub: secondId } = decodeJwt(second.idToken);
    expect(await rowOf(shared.subscription.endpoint)).toMatchObject({ accountId: firstId });

    // The same browser, now signed in as the second account, subscribes again: the device is that account's now.
    await subscribe(second, shared.subscription);
    expect(await rowOf(shared.subscription.endpoint)).toMatchObject({ accountId: secondId });
    expect((await unsubscribe(first, shared.subscription.endpoint)).status).toBe(204);
    expect(await rowOf(shared.subscription.endpoint)).toMatchObject({ accountId: secondId });

    expect((await unsubscribe(second, shared.subscription.endpoint)).status).toBe(204);
    expect(await rowOf(shared.subscription.endpoint)).toBeUndefined();
    expect(
      (await call<ErrorBody>(site.cloud, '/me/push-subscriptions', { method: 'DELETE', token: second.idToken, body: [] })).body.error.code,
    ).toBe('INVALID_REQUEST');
  });
});

describe('DELETE /me', () => {
  it('deletes every push subscription of the account, and a notification for it afterwards is sent to no device', async () => {
    const leaving = await createUser(site.cloud, { name: 'Cuenta Que Se Va' });
    const staying = await createUser(site.cloud, { name: 'Cuenta Que Se Queda' });
    const [phone, laptop, stayingPhone] = [device(), device(), device()];
    expect((await subscribe(leaving, phone.subscription)).status).toBe(204);
    expect((await subscribe(leaving, laptop.subscription)).status).toBe(204);
    expect((await subscribe(staying, stayingPhone.subscription)).status).toBe(204);
    // A post still waiting for moderation when the account goes: published afterwards, it makes a notification.
    const pending = await publish(site.cloud, leaving.idToken, {
      category: 'amor',
      post: `Anécdota de una cuenta que se va ${randomUUID()}`,
    });
    expect(pending.status).toBe(201);

    expect((await call(site.cloud, '/me', { method: 'DELETE', token: leaving.idToken })).status).toBe(204);
    expect(await rowOf(phone.subscription.endpoint)).toBeUndefined();
    expect(await rowOf(laptop.subscription.endpoint)).toBeUndefined();
    expect(await indexedEndpoints(leaving)).toEqual([]);
    const { sub } = decodeJwt(leaving.idToken);
    const list = await site.documents.send(
      new GetCommand({ TableName: site.cloud.tables.pushSubscriptions, Key: { endpointHash: pushDevicesKey(sub!) }, ConsistentRead: true }),
    );
    expect(list.Item).toBeUndefined();
    // The other account's device is left alone.
    expect(await rowOf(stayingPhone.subscription.endpoint)).toMatchObject({ endpoint: stayingPhone.subscription.endpoint });
    // Its still-valid token cannot subscribe a device again, once the container that subscribed its devices a
    // moment ago stops trusting what it read of the account (ACCOUNT_STATE_TTL_MS, functions/domain/accountState.ts).
    await until(
      async () => ((await subscribe(leaving, device().subscription)).status === 401 ? true : undefined),
      "the deleted account's token is refused",
      ACCOUNT_STATE_TTL_MS + 10_000,
    );

    // The deleted account's post is published, then the other account's: once the latter's device hears of
    // it, the notifications stream has gone past the former's notification (one shard, in order).
    expect((await decide(site.cloud, site.moderator.idToken, (pending.body as OwnPost).id, 'publish')).status).toBe(200);
    await publishApproved(site.cloud, staying, site.moderator, { category: 'amor', post: `Anécdota de la que se queda ${randomUUID()}` });
    await until(() => messagesAt(stayingPhone.path)[0], 'the staying account is pushed its notification', 120_000);
    expect(messagesAt(phone.path)).toEqual([]);
    expect(messagesAt(laptop.path)).toEqual([]);
  }, 240_000);
});

describe('at most MAX_PUSH_DEVICES devices per account', () => {
  it('keeps the newest when one more subscribes: the device subscribed longest ago is dropped', async () => {
    const user = await createUser(site.cloud, { name: 'Persona Muchos Móviles' });
    const other = await createUser(site.cloud, { name: 'Persona Otro Móvil' });
    const othersPhone = device();
    await subscribe(other, othersPhone.subscription);
    const devices = Array.from({ length: MAX_PUSH_DEVICES }, () => device());
    for (const one of devices) expect((await subscribe(user, one.subscription)).status).toBe(204);
    expect(await storedFor(user, devices)).toHaveLength(MAX_PUSH_DEVICES);

    const newest = device();
    expect((await subscribe(user, newest.subscription)).status).toBe(204);
    expect(await storedFor(user, [...devices, newest])).toEqual([...devices.slice(1), newest]);
    expect(await indexedEndpoints(user)).toEqual([...devices.slice(1), newest].map((one) => one.subscription.endpoint).sort());
    // Subscribing the second-oldest again makes it the newest: the next one over the cap drops the third.
    expect((await subscribe(user, devices[1]!.subscription)).status).toBe(204);
    expect((await subscribe(user, device().subscription)).status).toBe(204);
    expect(await rowOf(devices[2]!.subscription.endpoint)).toBeUndefined();
    expect(await rowOf(devices[1]!.subscription.endpoint)).toBeDefined();
    // A device that moved to another account frees its place: no device of the account is dropped for the next one.
    await subscribe(other, devices[3]!.subscription);
    const afterMove = await indexedEndpoints(user);
    expect(afterMove).toHaveLength(MAX_PUSH_DEVICES - 1);
    const another = device();
    expect((await subscribe(user, another.subscription)).status).toBe(204);
    expect(await indexedEndpoints(user)).toEqual([...afterMove, another.subscription.endpoint].sort());
    // The other account's devices are never touched.
    expect(await storedFor(other, [othersPhone, devices[3]!])).toHaveLength(2);
  });

  it('twenty different devices subscribing at once end with exactly the cap, every request answered 204', async () => {
    const user = await createUser(site.cloud, { name: 'Persona Veinte Móviles' });
    const devices = Array.from({ length: 20 }, () => device());
    const answers20 = await Promise.all(devices.map((one) => subscribe(user, one.subscription)));
    expect(answers20.map((answer) => answer.status)).toEqual(Array(20).fill(204));
    const kept = await storedFor(user, devices);
    expect(kept).toHaveLength(MAX_PUSH_DEVICES);
    expect(await indexedEndpoints(user)).toEqual(kept.map((one) => one.subscription.endpoint).sort());
    // And a push reaches exactly those.
    const post = await publishApproved(site.cloud, user, site.moderator, {
      category: 'varios',
      post: `Anécdota para veinte móviles ${randomUUID()}`,
    });
    for (const one of kept) await until(() => messagesAt(one.path)[0], `device ${one.path} is pushed`, 120_000);
    for (const one of devices.filter((candidate) => !kept.includes(candidate))) expect(messagesAt(one.path)).toEqual([]);
    expect(decrypt(messagesAt(kept[0]!.path)[0]!, kept[0]!).notification.postId).toBe(post.id);
  }, 240_000);
});
