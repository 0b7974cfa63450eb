/**
 * A tap answers at once (lib/taps.ts, features/votes, features/saved). Before the app runs, the
 * document's inline script shows a vote or «Guardar» pressed, the count moved, in the server's own
 * markup, when this browser holds a session; the app takes that markup over as it is (no mismatch,
 * no flash back) and carries the tap out once. After the take-over, taps while a vote is on its way
 * are one wish: the same button again changes nothing, the other button is sent once the first answer
 * is in. A refusal puts the card back and says why.
 */
import { act, render, screen, within } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ERRORS } from '@contract/errors';
import type { Post } from '@contract/posts';
import type { VoteResult } from '@contract/votes';
import { PostCard } from '../../web/src/components/PostCard';
import { ApiError, type ApiClient } from '../../web/src/lib/api';
import { createQueryClient, queryKeys } from '../../web/src/lib/queries';
import { PENDING_ATTRIBUTE, startReplay } from '../../web/src/lib/taps';
import { aMe, aPost, fakeApiClient, testConfig as config } from './factories';
import { FakeSocket } from './fakeSocket';
import { providers } from './queries';
import { withTapKeeper } from './tapKeeper';

/** What Amplify keeps in localStorage for a signed-in browser (the key the script looks for). */
const SESSION_KEY = `CognitoIdentityServiceProvider.${config.userPoolClientId}.LastAuthUser`;

const keeper = withTapKeeper(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});
beforeEach(() => {
  vi.stubGlobal('WebSocket', FakeSocket);
  localStorage.setItem(SESSION_KEY, 'lucia');
});

/** What a card reads (no votes, nothing saved), and `routes` besides. */
const cardApi = (routes: Parameters<typeof fakeApiClient>[0] = {}) =>
  fakeApiClient({ 'votes.mine': vi.fn(async () => ({ votes: {} })), 'saved.ids': vi.fn(async () => ({ ids: [] })), ...routes });

function page(api: ApiClient, who: string | null | undefined, children: ReactNode, client = createQueryClient()) {
  return providers(api, who, children, '/', { client });
}

const card = (post: Post) => within(screen.getByRole('article', { name: new RegExp(post.name) }));
const agreeOf = (post: Post) => card(post).getByRole('button', { name: /Vaya día/ });
const deservedOf = (post: Post) => card(post).getByRole('button', { name: /Te lo mereces/ });
const saveOf = (post: Post) => card(post).getByRole('button', { name: /^Guarda/ });
const pressed = (element: HTMLElement) => element.getAttribute('aria-pressed');

/** The server's markup of a card, in the document, as a browser has it before the app runs. */
function serverRendered(post: Post): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = renderToString(page(fakeApiClient(), undefined, <PostCard post={post} />));
  document.body.append(container);
  return container;
}

/** A promise the test settles when it chooses: an answer still on its way. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('before the app runs, the document’s script', () => {
  it('shows a vote pressed with its count moved at once; more taps change nothing; the other vote takes its place', () => {
    const post = aPost({ name: 'antes', votes: { agree: 4, deserved: 2 } });
    serverRendered(post);
    expect(pressed(agreeOf(post))).toBe('false');
    for (let tap = 0; tap < 5; tap++) agreeOf(post).click();
    expect(pressed(agreeOf(post))).toBe('true');
    expect(agreeOf(post).textContent).toBe('¡Vaya día! 5');
    expect(window.__vayaTaps!.q).toEqual([`vote-agree:${post.id}`]);

    deservedOf(post).click();
    expect(pressed(agreeOf(post))).toBe('false');
    expect(agreeOf(post).textContent).toBe('¡Vaya día! 4');
    expect(agreeOf(post).hasAttribute(PENDING_ATTRIBUTE)).toBe(false);
    expect(pressed(deservedOf(post))).toBe('true');
    expect(deservedOf(post).textContent).toBe('Te lo mereces 3');
    // One wish kept: the last one.
    expect(window.__vayaTaps!.q).toEqual([`vote-deserved:${post.id}`]);
  });

  it('shows «Guardar» as «Guardada» at once', () => {
    const post = aPost({ name: 'guardar-antes' });
    serverRendered(post);
    saveOf(post).click();
    saveOf(post).click();
    expect(pressed(saveOf(post))).toBe('true');
    expect(saveOf(post).textContent).toBe('Guardada');
    expect(window.__vayaTaps!.q).toEqual([`save:${post.id}`]);
  });

  it('without a session in this browser keeps the tap but shows nothing pressed (the app will ask to sign in)', () => {
    localStorage.clear();
    const post = aPost({ name: 'sin-sesion', votes: { agree: 1, deserved: 0 } });
    serverRendered(post);
    agreeOf(post).click();
    expect(agreeOf(post).hasAttribute(PENDING_ATTRIBUTE)).toBe(true);
    expect(pressed(agreeOf(post))).toBe('false');
    expect(agreeOf(post).textContent).toBe('¡Vaya día! 1');
  });
});

describe('the app taking over a page tapped before it ran', () => {
  it('shows what the script showed (no mismatch, never unpressed) and casts one vote once it knows who is signed in', async () => {
    Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
    const post = aPost({ name: 'tomada', votes: { agree: 2, deserved: 0 } });
    const answer = deferred<VoteResult>();
    const castVote = vi.fn(() => answer.promise);
    const api = cardApi({ 'votes.cast': castVote });
    const container = serverRendered(post);
    agreeOf(post).click();
    agreeOf(post).click();
    // The browser's one cache, from the take-over on.
    const client = createQueryClient();

    // Every value aria-pressed takes from here on.
    const seen: Array<string | null> = [];
    const observer = new MutationObserver((records) => {
      for (const record of records) {
        const target = record.target as HTMLElement;
        if (target.getAttribute('data-intent') === `vote-agree:${post.id}`) seen.push(pressed(target));
      }
    });
    observer.observe(container, { attributes: true, attributeFilter: ['aria-pressed'], subtree: true });

    const errors: unknown[] = [];
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, page(api, undefined, <PostCard post={post} />, client), {
        onRecoverableError: (error) => errors.push(error),
      });
    });
    expect(errors).toEqual([]);
    expect(pressed(agreeOf(post))).toBe('true');
    expect(agreeOf(post).textContent).toBe('¡Vaya día! 3');

    // Who is signed in becomes known; the kept tap is carried out.
    await act(async () => root!.render(page(api, 'lucia', <PostCard post={post} />, client)));
    await act(async () => void keeper.started(startReplay({ onGiveUp: () => {}, intervalMs: 20 })));
    await vi.waitFor(() => expect(castVote).toHaveBeenCalledTimes(1));
    expect(pressed(agreeOf(post))).toBe('true');
    expect(agreeOf(post).textContent).toBe('¡Vaya día! 3');
    // A tap while it is on its way is the same wish.
    act(() => agreeOf(post).click());
    await act(async () => answer.resolve({ votes: { agree: 3, deserved: 0 }, myVote: 'agree' }));
    expect(castVote).toHaveBeenCalledTimes(1);
    expect(pressed(agreeOf(post))).toBe('true');
    expect(agreeOf(post).textContent).toBe('¡Vaya día! 3');
    // Handed back to the app's own state.
    expect(window.__vayaTaps!.p).toEqual([]);
    expect(seen.filter((value) => value !== 'true')).toEqual([]);
    observer.disconnect();
    act(() => root!.unmount());
  });

  it('signed out after all: puts the card back and asks to sign in', async () => {
    Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
    const post = aPost({ name: 'caducada', votes: { agree: 2, deserved: 0 } });
    const container = serverRendered(post);
    agreeOf(post).click();
    const client = createQueryClient();
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, page(fakeApiClient(), undefined, <PostCard post={post} />, client));
    });
    await act(async () => root!.render(page(fakeApiClient(), null, <PostCard post={post} />, client)));
    await act(async () => void keeper.started(startReplay({ onGiveUp: () => {}, intervalMs: 20 })));
    await card(post).findByText('Inicia sesión para votar.');
    expect(pressed(agreeOf(post))).toBe('false');
    expect(agreeOf(post).textContent).toBe('¡Vaya día! 2');
    act(() => root!.unmount());
  });
});

describe('a tap kept on one’s own post', () => {
  it('is dropped once the page knows whose it is: the counts show as they are, read-only', async () => {
    const post = aPost({ name: 'Marta', votes: { agree: 3, deserved: 0 } });
    const client = createQueryClient();
    const api = fakeApiClient({ 'saved.ids': vi.fn(async () => ({ ids: [] })) });
    const { rerender } = render(page(api, undefined, <PostCard post={post} />, client));
    act(() => agreeOf(post).click());
    expect(agreeOf(post).textContent).toBe('¡Vaya día! 4');
    const me = aMe({ name: 'Marta', email: 'marta@example.com' });
    client.setQueryData(queryKeys.me(me.email), me);
    rerender(page(api, me.email, <PostCard post={post} />, client));
    const tallies = await card(post).findByRole('group', { name: 'Votos de tu anécdota' });
    await vi.waitFor(() => expect(tallies.textContent).toContain('¡Vaya día! 3'));
    expect(window.__vayaTaps!.q).toEqual([]);
    expect(window.__vayaTaps!.p).toEqual([]);
  });
});

describe('taps while a vote is on its way', () => {
  // The app has taken the page over: taps are its own.
  beforeEach(() => void keeper.started(startReplay({ onGiveUp: () => {} })));

  it('ten taps on «¡Vaya día!» send one vote; a tap on «Te lo mereces» meanwhile is sent once the first answer is in', async () => {
    const post = aPost({ name: 'impaciente', votes: { agree: 0, deserved: 0 } });
    const first = deferred<VoteResult>();
    const castVote = vi.fn(({ body }: { body: { vote: string } }) =>
      body.vote === 'agree' ? first.promise : Promise.resolve<VoteResult>({ votes: { agree: 0, deserved: 1 }, myVote: 'deserved' }),
    );
    render(page(cardApi({ 'votes.cast': castVote }), 'lucia', <PostCard post={post} />));
    await vi.waitFor(() => expect(agreeOf(post).getAttribute('aria-disabled')).toBeNull());
    // Ten taps in one go (no render between them), then more.
    act(() => {
      for (let tap = 0; tap < 10; tap++) agreeOf(post).click();
    });
    await vi.waitFor(() => expect(castVote).toHaveBeenCalledTimes(1));
    act(() => agreeOf(post).click());
    expect(pressed(agreeOf(post))).toBe('true');
    expect(agreeOf(post).textContent).toBe('¡Vaya día! 1');

    act(() => deservedOf(post).click());
    act(() => deservedOf(post).click());
    await vi.waitFor(() => expect(pressed(deservedOf(post))).toBe('true'));
    expect(deservedOf(post).textContent).toBe('Te lo mereces 1');
    expect(agreeOf(post).textContent).toBe('¡Vaya día! 0');
    expect(castVote).toHaveBeenCalledTimes(1);

    await act(async () => first.resolve({ votes: { agree: 1, deserved: 0 }, myVote: 'agree' }));
    await vi.waitFor(() => expect(castVote).toHaveBeenCalledTimes(2));
    expect(castVote).toHaveBeenLastCalledWith({ params: { id: post.id }, body: { vote: 'deserved' } });
    await vi.waitFor(() => expect(agreeOf(post).getAttribute('aria-busy')).toBe('false'));
    expect(pressed(deservedOf(post))).toBe('true');
    expect(pressed(agreeOf(post))).toBe('false');
    expect(deservedOf(post).textContent).toBe('Te lo mereces 1');
  });

  it('ten taps on «Guardar» save once', async () => {
    const post = aPost({ name: 'guardona' });
    const answer = deferred<void>();
    const savePost = vi.fn(() => answer.promise);
    const unsavePost = vi.fn(async () => {});
    render(page(cardApi({ 'saved.save': savePost, 'saved.unsave': unsavePost }), 'lucia', <PostCard post={post} />));
    await vi.waitFor(() => expect(saveOf(post).getAttribute('aria-disabled')).toBeNull());
    act(() => {
      for (let tap = 0; tap < 10; tap++) saveOf(post).click();
    });
    await vi.waitFor(() => expect(saveOf(post).textContent).toBe('Guardada'));
    act(() => saveOf(post).click());
    await act(async () => answer.resolve());
    expect(savePost).toHaveBeenCalledTimes(1);
    expect(unsavePost).not.toHaveBeenCalled();
    expect(pressed(saveOf(post))).toBe('true');
  });

  it('a refusal puts the vote and the count back and says why', async () => {
    const post = aPost({ name: 'rechazada', votes: { agree: 5, deserved: 0 } });
    const castVote = vi.fn(() => Promise.reject(new ApiError(ERRORS.RATE_LIMITED.message, 429, 'RATE_LIMITED')));
    render(page(cardApi({ 'votes.cast': castVote }), 'lucia', <PostCard post={post} />));
    await vi.waitFor(() => expect(agreeOf(post).getAttribute('aria-disabled')).toBeNull());
    act(() => agreeOf(post).click());
    await card(post).findByText(ERRORS.RATE_LIMITED.message);
    expect(pressed(agreeOf(post))).toBe('false');
    expect(agreeOf(post).textContent).toBe('¡Vaya día! 5');
  });
});
