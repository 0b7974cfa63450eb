/**
 * Share cards (docs/share-cards.md): `/og/post/{id}.png` and the site's card
 * as a link preview fetches them from the site's origin (the local web server calls the same image
 * function CloudFront sends `/og/*` to on AWS), and the `og:image` of every public document.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OwnPost, Post } from '../../functions/contract/posts';
import { SHARE_CARD_MAX_AGE, SHARE_CARD_PATHS } from '../../functions/contract/shareCards';
import { postCardVersion } from '../../functions/domain/shareCards';
import { call, publish } from '../support/api';
import { fetchHtml } from '../support/html';
import { startLocalCloudProcess, type LocalCloudProcess } from '../support/localCloud';
import { createModerator, decide, publishApproved } from '../support/moderation';
import { createUser, type TestUser } from '../support/users';

let cloud: LocalCloudProcess;
let author: TestUser;
let moderator: TestUser;
let published: Post;

const text = (words: string) => `${words} (${randomUUID().slice(0, 8)})`;

beforeAll(async () => {
  cloud = await startLocalCloudProcess({ env: { SEED: '0' } });
  author = await createUser(cloud, { name: `Tarjetas ${randomUUID().slice(0, 4)}` });
  moderator = await createModerator(cloud);
  published = await publishApproved(cloud, author, moderator, {
    category: 'trabajo',
    post: text('Le di al jefe un café con sal en vez de azúcar, y encima me dijo «gracias»'),
  });
}, 300_000);

afterAll(async () => {
  await cloud?.stop();
});

type Fetched = { status: number; type: string; cacheControl: string; location: string | null; bytes: Buffer };

/** A GET of the site as a scraper sends it; redirects are not followed unless asked. */
async function get(pathOrUrl: string, follow = false): Promise<Fetched> {
  const response = await fetch(pathOrUrl.startsWith('http') ? pathOrUrl : `${cloud.webUrl}${pathOrUrl}`, {
    redirect: follow ? 'follow' : 'manual',
  });
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    cacheControl: response.headers.get('cache-control') ?? '',
    location: response.headers.get('location'),
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Checks the PNG signature and reads the IHDR chunk (the first, as PNG requires): the image's size. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).equals(PNG_SIGNATURE), 'PNG signature').toBe(true);
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** A document's share-card tags, as a link preview reads them. */
async function cardTags(path: string) {
  const { status, meta } = await fetchHtml(`${cloud.webUrl}${path}`);
  return {
    status,
    image: meta('og:image'),
    width: meta('og:image:width'),
    height: meta('og:image:height'),
    alt: meta('og:image:alt'),
    card: meta('twitter:card'),
    twitterImage: meta('twitter:image'),
  };
}

const cardUrl = (post: Pick<Post, 'id' | 'name' | 'category' | 'post'>) =>
  `${cloud.webUrl}${SHARE_CARD_PATHS.post(post.id, postCardVersion(post))}`;

describe('GET /og/post/{id}.png', () => {
  it("is a 1200×630 PNG of a published post, at the URL its page's og:image names, kept a day", async () => {
    const tags = await cardTags(`/post/${published.id}`);
    expect(tags).toMatchObject({
      status: 200,
      image: cardUrl(published),
      width: '1200',
      height: '630',
      alt: `Anécdota de ${published.name} en Vaya día`,
      card: 'summary_large_image',
      twitterImage: cardUrl(published),
    });
    const card = await get(tags.image!);
    expect(card).toMatchObject({ status: 200, type: 'image/png' });
    expect(card.cacheControl).toContain(`s-maxage=${SHARE_CARD_MAX_AGE}`);
    expect(pngSize(card.bytes)).toEqual({ width: 1200, height: 630 });
  }, 120_000);

  it('sends a request without the current version (none, an old one, a forged one) to the current card', async () => {
    for (const query of ['', '?v=', '?v=viejo', '?v=../../etc', `?v=${postCardVersion(published)}x`]) {
      const answer = await get(`/og/post/${published.id}.png${query}`);
      expect(answer.status, query).toBe(302);
      expect(answer.location, query).toBe(SHARE_CARD_PATHS.post(published.id, postCardVersion(published)));
    }
  });

  it('answers 404 for a pending, a rejected, a removed and an unknown post, and for what is not a card', async () => {
    const created = await publish(cloud, author.idToken, { category: 'amor', post: text('Esta espera en moderación') });
    expect(created.status).toBe(201);
    const pending = created.body as OwnPost;
    const rejectedCreated = await publish(cloud, author.idToken, { category: 'amor', post: text('Esta la rechazan') });
    const rejected = rejectedCreated.body as OwnPost;
    expect((await decide(cloud, moderator.idToken, rejected.id, 'reject')).status).toBe(200);
    const removed = await publishApproved(cloud, author, moderator, { category: 'familia', post: text('Esta la borra su autora') });
    const removedCard = SHARE_CARD_PATHS.post(removed.id, postCardVersion(removed));
    expect((await get(removedCard)).status).toBe(200);
    expect((await call(cloud, `/posts/${removed.id}`, { method: 'DELETE', token: author.idToken })).status).toBe(204);
    // The copy the cache kept (a day, as CloudFront's) is dropped once the posts stream sees the removal.
    await vi.waitFor(async () => expect((await get(removedCard)).status).toBe(404), { timeout: 20_000, interval: 250 });

    const paths = [
      ...[pending, rejected, removed].flatMap((post) => [`/og/post/${post.id}.png`, SHARE_CARD_PATHS.post(post.id, postCardVersion(post))]),
      `/og/post/${randomUUID()}.png?v=abc`,
      '/og/post/no-existe.png',
      `/og/post/${'x'.repeat(5000)}.png`,
      '/og/post/%E0%A4%A.png',
      `/og/post/${published.id}.jpg`,
      `/og/post/${published.id}`,
      `/og/post/${published.id}.png/extra`,
      '/og/',
      '/og/nada',
    ];
    for (const path of paths) {
      const answer = await get(path);
      expect(answer.status, path).toBe(404);
      expect(answer.type, path).not.toContain('image/png');
    }
  }, 120_000);

  it('gives an edited and resent post a card of its new text, the old version sent to it', async () => {
    const original = { category: 'varios', post: text('Me dejé las llaves dentro del coche con el motor encendido') };
    const created = await publish(cloud, author.idToken, original);
    const post = created.body as OwnPost;
    expect((await decide(cloud, moderator.idToken, post.id, 'reject')).status).toBe(200);
    const edited = { category: 'trabajo', post: text('Me dejé las llaves dentro del coche de empresa con el motor encendido') };
    expect((await call(cloud, `/posts/${post.id}`, { method: 'PUT', token: author.idToken, body: edited })).status).toBe(200);
    expect((await decide(cloud, moderator.idToken, post.id, 'publish')).status).toBe(200);

    const before = SHARE_CARD_PATHS.post(post.id, postCardVersion({ ...original, category: 'varios', name: author.name! }));
    const after = cardUrl({ id: post.id, name: author.name!, ...edited, category: 'trabajo' });
    expect(before).not.toBe(after.slice(cloud.webUrl.length));
    expect((await cardTags(`/post/${post.id}`)).image).toBe(after);
    expect((await get(before)).location).toBe(after.slice(cloud.webUrl.length));
    const card = await get(after);
    expect(card.status).toBe(200);
    expect(pngSize(card.bytes)).toEqual({ width: 1200, height: 630 });
  }, 120_000);

  it("gives a post a new card after its author's rename, the old URL sent to it", async () => {
    const writer = await createUser(cloud, { name: `Renombrada ${randomUUID().slice(0, 4)}` });
    const post = await publishApproved(cloud, writer, moderator, { category: 'picante', post: text('Mandé el audio al grupo equivocado') });
    const oldUrl = cardUrl(post);
    expect((await cardTags(`/post/${post.id}`)).image).toBe(oldUrl);
    const oldCard = await get(oldUrl);
    expect(oldCard.status).toBe(200);

    const name = `Otra ${randomUUID().slice(0, 4)}`;
    expect((await call(cloud, '/me/name', { method: 'PUT', token: writer.idToken, body: { name } })).status).toBe(200);
    const newUrl = cardUrl({ ...post, name });
    await vi.waitFor(async () => expect((await cardTags(`/post/${post.id}`)).image).toBe(newUrl), { timeout: 20_000, interval: 250 });
    // The old apodo's card, kept by the cache, gives way once the rename reaches the posts stream.
    await vi.waitFor(async () => expect((await get(oldUrl)).location).toBe(newUrl.slice(cloud.webUrl.length)), {
      timeout: 20_000,
      interval: 250,
    });
    const newCard = await get(newUrl);
    expect(newCard.status).toBe(200);
    expect(pngSize(newCard.bytes)).toEqual({ width: 1200, height: 630 });
    expect(newCard.bytes.equals(oldCard.bytes)).toBe(false);
  }, 120_000);

  it('stops serving the cached cards of an account deleted with its content, and says so in the log', async () => {
    const writer = await createUser(cloud, { name: `Borrada ${randomUUID().slice(0, 4)}` });
    const posts = [
      await publishApproved(cloud, writer, moderator, { category: 'familia', post: text('Me dormí en la sala de espera del dentista') }),
      await publishApproved(cloud, writer, moderator, { category: 'amor', post: text('Le escribí a mi ex en vez de a mi hermana') }),
    ];
    const cards = posts.map((post) => SHARE_CARD_PATHS.post(post.id, postCardVersion(post)));
    // Seen once (a scraper fetching the preview): from now on the cache answers, as CloudFront would for a day.
    for (const card of cards) expect((await get(card)).status).toBe(200);
    const deleted = await call(cloud, '/me', { method: 'DELETE', token: writer.idToken, body: { content: 'delete' } });
    expect(deleted.status).toBe(204);
    await vi.waitFor(async () => expect(await Promise.all(cards.map(async (card) => (await get(card)).status))).toEqual([404, 404]), {
      timeout: 30_000,
      interval: 250,
    });
    for (const card of cards) expect(cloud.output()).toContain(card);
  }, 180_000);

  it('answers twenty simultaneous requests for one card with the same image', async () => {
    const url = cardUrl(published);
    const answers = await Promise.all(Array.from({ length: 20 }, () => get(url)));
    for (const answer of answers) expect(answer.status).toBe(200);
    for (const answer of answers) expect(answer.bytes.equals(answers[0]!.bytes)).toBe(true);
  }, 120_000);

  it('refuses other methods than GET and HEAD', async () => {
    const response = await fetch(cardUrl(published), { method: 'POST', body: 'x' });
    expect(response.status).toBe(405);
  });
});

describe('og:image of every public document', () => {
  it('is an absolute URL of the site that answers a 1200×630 PNG (the post its own card, every other page the site card)', async () => {
    const siteCard = `${cloud.webUrl}${SHARE_CARD_PATHS.site}`;
    const documents: Record<string, string> = {
      '/': siteCard,
      '/category/amor': siteCard,
      '/top': siteCard,
      '/top?period=all&by=deserved': siteCard,
      [`/autor/${encodeURIComponent(author.name!)}`]: siteCard,
      [`/post/${published.id}`]: cardUrl(published),
      '/post/no-existe': siteCard,
      '/no-hay-tal-pagina': siteCard,
    };
    for (const [path, expected] of Object.entries(documents)) {
      const tags = await cardTags(path);
      expect(tags.image, path).toBe(expected);
      expect(new URL(tags.image!).origin, path).toBe(cloud.webUrl);
      expect(tags, path).toMatchObject({ width: '1200', height: '630', card: 'summary_large_image' });
      expect(tags.alt, path).toBeTruthy();
      const image = await get(tags.image!);
      expect(image.status, path).toBe(200);
      expect(pngSize(image.bytes), path).toEqual({ width: 1200, height: 630 });
    }
  }, 180_000);
});
