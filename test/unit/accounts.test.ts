import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ANONYMOUS_NAME, NAME_MAX_LENGTH } from '../../functions/contract/accounts';
import { checkName, nameKey } from '../../functions/contract/apodos';
import { hasContent } from '../../functions/contract/common';
import { validateCreatePost } from '../../functions/contract/posts';
import { deleteMe, readMe, setMyName } from '../../functions/domain/accounts';
import { DomainError } from '../../functions/domain/errors';
import { publishPost } from '../../functions/domain/posts';
import type { Caller } from '../../functions/domain/author';
import { caller } from './factories';
import { MemoryNameStore, MemoryStore, signedIn, unlimited } from './memoryStore';

/** Names a hostile user tries, each with why it must be refused. */
const HOSTILE = {
  'an email': 'alice@example.com',
  'an email with a full-width @': 'alice＠example.com',
  'a zero-width space': 'Alice\u200b',
  'a zero-width joiner inside': 'Al\u200dice',
  'a right-to-left override': 'Alice\u202Eetsop',
  'a left-to-right isolate': '\u2066Alice\u2069',
  'full-width letters': 'Ａｌｉｃｅ',
  'Cyrillic look-alike letters': 'Аlісе',
  'a NUL': 'Ali\u0000ce',
  'a line break': 'Ali\nce',
  'the site': 'Vaya día',
  'the moderators': 'Moderador oficial de Vaya día',
  'the anonymous name': 'Anonimo',
  'the anonymous name, accented': 'Anónimo',
  'too short': 'Al',
  'too long': 'A'.repeat(NAME_MAX_LENGTH + 1),
  'only punctuation': '...',
  'only digits': '12345',
  'stacked accents': 'Ali\u0301\u0301\u0301ce',
} as const;

describe('the apodo rules', () => {
  it.each(Object.entries(HOSTILE))('refuses %s', (_why, name) => {
    expect(checkName(name)).toEqual({ ok: false });
  });

  it('accepts Spanish names, digits, spaces and . _ -, NFC-normalised and trimmed', () => {
    expect(checkName('  Begoña  ')).toEqual({ ok: true, name: 'Begoña', key: 'begona' });
    expect(checkName('Jose\u0301 Mari')).toEqual({ ok: true, name: 'José Mari', key: nameKey('jose mari') });
    expect(checkName('la_de-los.99')).toMatchObject({ ok: true, name: 'la_de-los.99' });
    expect(checkName('Ana   Belén')).toMatchObject({ ok: true, name: 'Ana Belén' });
  });

  it('gives one key to names that differ only in case or accents', () => {
    expect(new Set(['Alice', 'ALICE', 'álice', 'Álíçé'].map(nameKey))).toEqual(new Set(['alice']));
  });

  it('gives one key to look-alikes (UTS #39 confusables): dotless ı, digits for letters, «rn» for «m»', () => {
    expect(new Set(['Alice', 'Alıce', 'A1ice', 'ALıCE'].map(nameKey))).toEqual(new Set([nameKey('alice')]));
    expect(nameKey('Marta')).toBe(nameKey('rnarta'));
    expect(nameKey('M0rena')).toBe(nameKey('Morena'));
    // Different names stay different.
    expect(new Set(['Ana', 'Anna', 'Ane', 'Alicia', 'Alice'].map(nameKey)).size).toBe(5);
  });

  it.each([
    ['an IPA alpha (U+0251) for «a»', 'Moderɑdora'],
    ['a small capital O (U+1D0F)', 'Mᴏderadora'],
    ['a dotless ı in «Anónimo»', 'Anónımo'],
    ['an IPA alpha in the name of the site', 'Vɑya día'],
    ['a dotless ı in «Administrador»', 'Admınistrador'],
    ['a small capital A (U+1D00)', 'ᴀlice'],
    ['a Latin and a Cyrillic letter (mixed scripts)', 'Mаrta'],
    ['a Latin and a Greek letter (mixed scripts)', 'Αlicia'],
    ['a digit for a letter in a reserved word', 'M0derad0ra'],
    ['«rn» for «m» in a reserved word', 'Adrninistrador'],
  ])('refuses %s: %s', (_why, name) => {
    expect(checkName(name)).toEqual({ ok: false });
  });

  it('never accepts anything with an @, a control, format or bidi character', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.constantFrom('@', '＠', '\u200b', '\u202e', '\u2066', '\u0000', '\u00ad', '\ufeff'),
        fc.string(),
        (a, bad, b) => {
          expect(checkName(`${a}${bad}${b}`).ok).toBe(false);
        },
      ),
    );
  });
});

describe('the visible-character rule', () => {
  it('finds no content in text made of invisible characters only', () => {
    for (const text of ['\u200b\u200b', '\u0000', ' \u200d\u2060\ufeff ', '\u3164', '\u2800', '\u202e', '\u0301']) {
      expect(hasContent(text), JSON.stringify(text)).toBe(false);
      expect(validateCreatePost({ category: 'varios', post: text })).toEqual({ ok: false, code: 'EMPTY_POST' });
    }
    expect(hasContent('\u200bHola')).toBe(true);
    expect(hasContent('🙈')).toBe(true);
  });
});

const code = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (error: unknown) => (error instanceof DomainError ? error.code : error),
  );

describe('names in the store', () => {
  const setUp = () => {
    const names = new MemoryNameStore();
    const posts = new MemoryStore();
    const accounts = { deleted: [] as string[], deleteAccount: async (username: string) => void accounts.deleted.push(username) };
    // Comments are signed again through their store (tested against DynamoDB Local): here, what it was told.
    const comments = {
      signed: [] as [string, string][],
      setAuthorName: async (id: string, signature: { name: string }) => void comments.signed.push([id, signature.name]),
    };
    // Push devices are forgotten through their store (tested against the local cloud in push.test.ts): here, for whom and when.
    const pushSubscriptions = {
      removedFor: [] as string[],
      removeAllOf: async (accountId: string) => {
        expect(accounts.deleted).toEqual([]);
        pushSubscriptions.removedFor.push(accountId);
        return 0;
      },
    };
    // Erasure and the account's end are tested against the local cloud (accountData.test.ts): here, that they ran before Cognito.
    const ending = {
      ended: [] as string[],
      removeNotifications: async (accountId: string) => {
        expect(accounts.deleted).toEqual([]);
        ending.ended.push(accountId);
        return 0;
      },
      closeConnections: async () => 0,
    };
    const erasure = {
      postsOf: async () => [],
      commentsOf: async () => [],
      erasePost: async () => false,
      eraseComment: async () => false,
      unquote: async () => undefined,
    };
    // Blocks are forgotten through their store (tested against the local cloud in blocks.test.ts): here, that it ran before Cognito.
    const blocks = {
      forgotten: [] as string[],
      forget: async (accountId: string) => {
        expect(accounts.deleted).toEqual([]);
        blocks.forgotten.push(accountId);
        return 0;
      },
    };
    const appeals = { removeAllOf: () => Promise.resolve() };
    return { names, posts, accounts, comments, pushSubscriptions, ending, erasure, blocks, appeals };
  };
  let sent = 0;
  const publish = async (deps: ReturnType<typeof setUp>, author: Caller) =>
    publishPost({ ...deps, rateLimiter: unlimited }, await signedIn(deps.names, author), { category: 'varios', post: `Hola ${++sent}` });
  const rename = async (deps: ReturnType<typeof setUp>, who: Caller, name: string) =>
    setMyName(deps, await signedIn(deps.names, who), { name });

  it('signs posts «Anonimo» until a name is chosen, then with the name, old posts included', async () => {
    const deps = setUp();
    const author = caller();
    const first = await publish(deps, author);
    expect(first.name).toBe(ANONYMOUS_NAME);
    expect(await rename(deps, author, 'Rocío')).toEqual({ name: 'Rocío' });
    expect((await publish(deps, author)).name).toBe('Rocío');
    expect(deps.posts.posts.get(first.id)?.name).toBe('Rocío');
  });

  it('gives a name to one account only, and frees the old one on a rename', async () => {
    const deps = setUp();
    const [alice, bob] = [caller(), caller()];
    await rename(deps, alice, 'Alice');
    expect(await code(rename(deps, bob, 'ÁLICE'))).toBe('NAME_TAKEN');
    expect(await code(rename(deps, bob, 'Alice\u200b'))).toBe('INVALID_NAME');
    await rename(deps, alice, 'alice');
    const notifications = { countUnread: () => Promise.resolve(3) };
    const suspensions = { get: () => Promise.resolve(undefined) };
    const appeals = { get: () => Promise.resolve(undefined) };
    expect(
      await readMe(
        { notifications, suspensions, appeals },
        { ...(await signedIn(deps.names, alice, 'read')), email: 'a@example.com', username: 'u' },
      ),
    ).toEqual({
      name: 'alice',
      email: 'a@example.com',
      moderator: false,
      suspendedUntil: null,
      suspensionReason: null,
      unreadNotifications: 3,
      appeal: null,
    });
    await rename(deps, alice, 'Alicia');
    expect(await rename(deps, bob, 'Alice')).toEqual({ name: 'Alice' });
  });

  it('lets one of many simultaneous claims of a name win', async () => {
    const deps = setUp();
    const results = await Promise.all(Array.from({ length: 20 }, () => code(rename(deps, caller(), 'Única'))));
    expect(results.filter((result) => result === 'ok')).toHaveLength(1);
    expect(results.filter((result) => result === 'NAME_TAKEN')).toHaveLength(19);
  });

  it('deletes an account: its name freed, its posts «Anonimo», its Cognito user deleted last, its tokens refused', async () => {
    const deps = setUp();
    const author = caller();
    await rename(deps, author, 'Efímera');
    const post = await publish(deps, author);
    await deleteMe(deps, { ...(await signedIn(deps.names, author, 'accountDeletion')), email: 'e@example.com', username: 'user-name' });
    expect(deps.posts.posts.get(post.id)?.name).toBe(ANONYMOUS_NAME);
    expect(deps.accounts.deleted).toEqual(['user-name']);
    expect(deps.pushSubscriptions.removedFor).toEqual([author.id]);
    expect(deps.ending.ended).toEqual([author.id]);
    expect(deps.blocks.forgotten).toEqual([author.id]);
    expect([...deps.names.rows.values()]).toEqual([{ deleted: true, version: 2 }]);
    expect(await rename(deps, caller(), 'Efímera')).toEqual({ name: 'Efímera' });
    // A token of the deleted account, still valid for a while, can neither claim a name nor publish.
    expect(await code(rename(deps, author, 'Okupa'))).toBe('ACCOUNT_DELETED');
    expect(await code(publish(deps, author))).toBe('ACCOUNT_DELETED');
  });
});
