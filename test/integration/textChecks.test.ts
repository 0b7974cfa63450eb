/**
 * Text checks that read what a person sees (docs/security.md), against the real local cloud: personal
 * data hidden by invisible or full-width characters, or printed in its common forms, is refused in posts
 * and comments (400 PERSONAL_DATA); ordinary numbers are not (201); a pending post copied in look-alike
 * letters of other scripts is a duplicate (409 DUPLICATE_POST); search reads full-width letters as plain.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ERRORS, type ErrorBody, type ErrorCode } from '../../functions/contract/errors';
import type { Post, PostPage } from '../../functions/contract/posts';
import { call, publish, type ApiResponse } from '../support/api';
import { cloudPerFile } from '../support/cloudPerFile';
import { publishApproved } from '../support/moderation';
import { createUser, type TestUser } from '../support/users';

const setup = cloudPerFile({ env: { SEED: '0' }, moderator: 'Revisora Textos' });

/** Texts that hid personal data from a check reading code points, and the printed forms it missed. */
const HOSTILE = [
  'Escribidme a ana\u200b@gmail.com y os cuento',
  'Escribidme a ana@gma\u200dil.com y os cuento',
  'Escribidme a ana\u00ad@gmail.com y os cuento',
  'Escribidme a ana＠gmail.com y os cuento',
  'Llamadme al ６１２ ３４５ ６７８ si lo veis',
  'Llamadme al 612\u200b345\u200b678 si lo veis',
  'Perdí el DNI １２３４５６７８Z en el metro',
  'Perdí el DNI 12.345.678-Z en el metro',
  'Llamadme al 612/345/678 si lo veis',
  'Llamadme al (612) 345 678 si lo veis',
  'Llamadme al 612  345  678 si lo veis',
  'Escribidme a ana @ gmail . com y os cuento',
  'Escribidme a ana arroba gmail punto com y os cuento',
];

/** Ordinary numbers a check that joined any nine digits refused. */
const ORDINARY = [
  'La final la vieron 700.000.000 de personas y yo dormía',
  'Mi tío pagó 900 000 000 pesos por un café en Bogotá',
  'Las notas: 7 8 9 6 7 8 9 6 7, y mi madre sólo vio el 6',
  'Perdimos 6-3, 6-4 y 7-5 a las 21:30 del 12/03/2026',
];

let authors = 0;
/** A new author: each sends at most four texts here, below the five-in-ten-minutes limit. */
const newAuthor = () => createUser(setup.cloud, { name: `Textos ${++authors} ${randomUUID().slice(0, 4)}` });
/** A word no other test uses, so each text is new to the duplicate check. */
const unique = () =>
  randomUUID()
    .replace(/[^a-f]/g, '')
    .slice(0, 8)
    .replace(/(.)\1+/g, '$1');

function expectError(response: ApiResponse<unknown>, code: ErrorCode, text: string) {
  expect(response, `${code}: ${text}`).toMatchObject({
    status: ERRORS[code].status,
    body: { error: { code, message: ERRORS[code].message } },
  });
}

async function inBatches(texts: readonly string[], send: (author: TestUser, text: string) => Promise<void>) {
  for (let index = 0; index < texts.length; index += 4) {
    const author = await newAuthor();
    for (const text of texts.slice(index, index + 4)) await send(author, text);
  }
}

describe('personal data as a person sees it', () => {
  it('refuses each hostile form in a post with 400 PERSONAL_DATA', async () => {
    await inBatches(HOSTILE, async (author, text) => {
      expectError(await publish(setup.cloud, author.idToken, { category: 'varios', post: text }), 'PERSONAL_DATA', text);
    });
  });

  it('refuses each hostile form in a comment with 400 PERSONAL_DATA, and keeps none', async () => {
    const post = await publishApproved(setup.cloud, await newAuthor(), setup.moderator, {
      category: 'varios',
      post: `Una anécdota publicada para comentar (${unique()}).`,
    });
    await inBatches(HOSTILE, async (author, text) => {
      const response = await call(setup.cloud, `/posts/${post.id}/comments`, { method: 'POST', token: author.idToken, body: { text } });
      expectError(response, 'PERSONAL_DATA', text);
    });
    expect((await call<Post>(setup.cloud, `/posts/${post.id}`)).body.comments).toBe(0);
  });

  it('publishes ordinary numbers: amounts, counts, marks, scores, times and dates (201)', async () => {
    const author = await newAuthor();
    for (const text of ORDINARY) {
      const response = await publish(setup.cloud, author.idToken, { category: 'varios', post: `${text} (${unique()})` });
      expect(response.status, `${text}: ${JSON.stringify(response.body)}`).toBe(201);
    }
    const post = await publishApproved(setup.cloud, await newAuthor(), setup.moderator, {
      category: 'varios',
      post: `Otra anécdota para comentar (${unique()}).`,
    });
    const commenter = await newAuthor();
    for (const text of ORDINARY) {
      const response = await call(setup.cloud, `/posts/${post.id}/comments`, { method: 'POST', token: commenter.idToken, body: { text } });
      expect(response.status, `${text}: ${JSON.stringify(response.body)}`).toBe(201);
    }
  });
});

describe('look-alike letters', () => {
  it('refuses a copy of a pending post in Cyrillic а, о, е or Greek ο with 409 DUPLICATE_POST', async () => {
    const word = unique();
    const original = `Me caí en el metro delante de todo el vagón (${word}) y aplaudieron.`;
    const first = await publish(setup.cloud, (await newAuthor()).idToken, { category: 'varios', post: original });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const copies = [
      original.replace(/a/g, '\u0430'), // Cyrillic а
      original.replace(/o/g, '\u043e'), // Cyrillic о
      original.replace(/e/g, '\u0435'), // Cyrillic е
      original.replace(/o/g, '\u03bf'), // Greek ο
      original.replace(/a/g, '\u0430').replace(/o/g, '\u03bf').replace(/e/g, '\u0435'),
    ];
    await inBatches(copies, async (author, copy) => {
      expect(copy).not.toBe(original);
      expectError(await publish(setup.cloud, author.idToken, { category: 'varios', post: copy }), 'DUPLICATE_POST', copy);
    });
  });
});

describe('search', () => {
  it('finds «trabajo» for a query in full-width letters, and a post written in them for a plain query', async () => {
    const word = unique();
    const author = await newAuthor();
    const plain = await publishApproved(setup.cloud, author, setup.moderator, {
      category: 'trabajo',
      post: `Llegué tarde al trabajo por culpa del ${word} de la esquina.`,
    });
    const wide = await publishApproved(setup.cloud, author, setup.moderator, {
      category: 'varios',
      post: `Me dormí en la reunión y soñé con ｃａｌｃｅｔｉｎｅｓ ${word}.`,
    });
    const found = async (query: string) => {
      const deadline = Date.now() + 15_000;
      for (;;) {
        const response = await call<PostPage | ErrorBody>(setup.cloud, `/search?q=${encodeURIComponent(query)}`);
        expect(response.status, query).toBe(200);
        const ids = (response.body as PostPage).items.map((item) => item.id);
        // The index follows the posts' stream within seconds: poll until it has caught up.
        if (ids.includes(plain.id) || ids.includes(wide.id) || Date.now() > deadline) return ids;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    expect(await found(`ｔｒａｂａｊｏ ${word}`)).toEqual([plain.id]);
    expect(await found(`calcetines ${word}`)).toEqual([wide.id]);
  });
});
