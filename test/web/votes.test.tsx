import { describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Profiler } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { Route, Routes } from 'react-router-dom';
import { ERRORS } from '@contract/errors';
import type { Post } from '@contract/posts';
import { DEFAULT_TOP_PERIODS, type VoteKind } from '@contract/voteRules';
import TopRoute from '../../web/src/app/routes/TopRoute';
import { usePostLive } from '../../web/src/app/usePostLive';
import { PostCard } from '../../web/src/components/PostCard';
import { FeedView } from '../../web/src/components/FeedView';
import { ApiError, type ApiClient } from '../../web/src/lib/api';
import { aPost, feedOf, fakeApiClient, type FakeRoute } from './factories';
import { FakeSocket, withFakeSockets } from './fakeSocket';
import { providers } from './queries';

const card = (post: Post) => within(screen.getByRole('article', { name: new RegExp(`${post.name}`) }));
const button = (post: Post, label: RegExp) => card(post).getByRole('button', { name: label });
const pressed = (element: HTMLElement) => element.getAttribute('aria-pressed');

withFakeSockets();

describe('votes on the cards', () => {
  it('asks for the pressed state of a whole page of cards in one call, and shows it', async () => {
    const posts = [aPost({ name: 'uno' }), aPost({ name: 'dos', votes: { agree: 4, deserved: 1 } }), aPost({ name: 'tres' })];
    const mine: Record<string, VoteKind> = { [posts[1]!.id]: 'deserved' };
    const myVotes = vi.fn(async () => ({ votes: mine }));
    render(providers(fakeApiClient({ 'votes.mine': myVotes }), 'lucia', <FeedView feed={feedOf(posts)} emptyText="" />));
    await vi.waitFor(() => expect(pressed(button(posts[1]!, /Te lo mereces/))).toBe('true'));
    expect(myVotes).toHaveBeenCalledTimes(1);
    expect(myVotes).toHaveBeenCalledWith({ query: { ids: posts.map((post) => post.id).join(',') } });
    expect(pressed(button(posts[1]!, /Vaya día/))).toBe('false');
    expect(pressed(button(posts[0]!, /Te lo mereces/))).toBe('false');
    expect(button(posts[1]!, /Vaya día/).textContent).toBe('¡Vaya día! 4');
  });

  it('votes, switches and takes a vote back, showing the counts the API answers', async () => {
    const user = userEvent.setup();
    const post = aPost({ name: 'carmen', votes: { agree: 2, deserved: 0 } });
    const castVote = vi.fn<FakeRoute<'votes.cast'>>(async ({ body }) =>
      body.vote === 'agree'
        ? { votes: { agree: 3, deserved: 0 }, myVote: 'agree' as const }
        : { votes: { agree: 2, deserved: 1 }, myVote: 'deserved' as const },
    );
    const removeVote = vi.fn(async () => ({ votes: { agree: 2, deserved: 0 }, myVote: null }));
    render(
      providers(
        fakeApiClient({ 'votes.mine': vi.fn(async () => ({ votes: {} })), 'votes.cast': castVote, 'votes.remove': removeVote }),
        'lucia',
        <FeedView feed={feedOf([post])} emptyText="" />,
      ),
    );

    await user.click(button(post, /Vaya día/));
    expect(castVote).toHaveBeenLastCalledWith({ params: { id: post.id }, body: { vote: 'agree' } });
    await vi.waitFor(() => expect(button(post, /Vaya día/).textContent).toBe('¡Vaya día! 3'));
    expect(pressed(button(post, /Vaya día/))).toBe('true');

    await user.click(button(post, /Te lo mereces/));
    expect(castVote).toHaveBeenLastCalledWith({ params: { id: post.id }, body: { vote: 'deserved' } });
    await vi.waitFor(() => expect(pressed(button(post, /Te lo mereces/))).toBe('true'));
    expect(button(post, /Vaya día/).textContent).toBe('¡Vaya día! 2');
    expect(button(post, /Te lo mereces/).textContent).toBe('Te lo mereces 1');

    await user.click(button(post, /Te lo mereces/));
    expect(removeVote).toHaveBeenCalledWith({ params: { id: post.id } });
    await vi.waitFor(() => expect(pressed(button(post, /Te lo mereces/))).toBe('false'));
    expect(button(post, /Te lo mereces/).textContent).toBe('Te lo mereces 0');
  });

  it('shows a vote at once and, when the API refuses it, puts the count and the button back and says why in Spanish', async () => {
    const user = userEvent.setup();
    const post = aPost({ name: 'rosa', votes: { agree: 5, deserved: 2 } });
    let fail: (error: unknown) => void = () => {};
    const castVote = vi.fn(() => new Promise<never>((_resolve, reject) => (fail = reject)));
    render(
      providers(
        fakeApiClient({ 'votes.mine': vi.fn(async () => ({ votes: { [post.id]: 'deserved' as const } })), 'votes.cast': castVote }),
        'lucia',
        <FeedView feed={feedOf([post])} emptyText="" />,
      ),
    );
    await vi.waitFor(() => expect(pressed(button(post, /Te lo mereces/))).toBe('true'));

    await user.click(button(post, /Vaya día/));
    // Before the API has answered: the vote moved from one button to the other.
    expect(castVote).toHaveBeenCalledWith({ params: { id: post.id }, body: { vote: 'agree' } });
    expect(pressed(button(post, /Vaya día/))).toBe('true');
    expect(pressed(button(post, /Te lo mereces/))).toBe('false');
    expect(button(post, /Vaya día/).textContent).toBe('¡Vaya día! 6');
    expect(button(post, /Te lo mereces/).textContent).toBe('Te lo mereces 1');

    act(() => fail(new TypeError('Failed to fetch')));
    await screen.findByText('Algo ha fallado. Inténtalo de nuevo en un rato.');
    expect(pressed(button(post, /Vaya día/))).toBe('false');
    expect(pressed(button(post, /Te lo mereces/))).toBe('true');
    expect(button(post, /Vaya día/).textContent).toBe('¡Vaya día! 5');
    expect(button(post, /Te lo mereces/).textContent).toBe('Te lo mereces 2');
  });

  it('shows the counts to a signed-out reader and asks them to sign in, without calling the API', async () => {
    const user = userEvent.setup();
    const post = aPost({ name: 'nuria', votes: { agree: 7, deserved: 3 } });
    const myVotes = vi.fn(() => Promise.reject(new Error('not expected')));
    const castVote = vi.fn(() => Promise.reject(new Error('not expected')));
    const api = fakeApiClient({ 'votes.mine': myVotes, 'votes.cast': castVote });
    render(providers(api, null, <FeedView feed={feedOf([post])} emptyText="" />));
    expect(button(post, /Vaya día/).textContent).toBe('¡Vaya día! 7');
    await user.click(button(post, /Te lo mereces/));
    await screen.findByText(/Inicia sesión para votar/);
    expect(card(post).getByRole('link', { name: 'Iniciar sesión' }).getAttribute('href')).toBe('/login');
    expect(myVotes).not.toHaveBeenCalled();
    expect(castVote).not.toHaveBeenCalled();
  });

  it('waits for the session before taking a vote, and asks again for the pressed state when the account changes', async () => {
    const post = aPost({ name: 'pablo' });
    const answers: Record<string, VoteKind> = {};
    const myVotes = vi.fn(async () => ({ votes: { ...answers } }));
    const castVote = vi.fn();
    const api = fakeApiClient({ 'votes.mine': myVotes, 'votes.cast': castVote });
    const { rerender } = render(providers(api, undefined, <FeedView feed={feedOf([post])} emptyText="" />));
    // Not `disabled` (a tap on it is kept until the app can act: lib/taps.ts), but marked so, and inert.
    expect(button(post, /Vaya día/).getAttribute('aria-disabled')).toBe('true');
    await userEvent.setup().click(button(post, /Vaya día/));
    expect(castVote).not.toHaveBeenCalled();
    expect(myVotes).not.toHaveBeenCalled();
    answers[post.id] = 'agree';
    rerender(providers(api, 'lucia', <FeedView feed={feedOf([post])} emptyText="" />));
    await vi.waitFor(() => expect(pressed(button(post, /Vaya día/))).toBe('true'));
    answers[post.id] = 'deserved';
    rerender(providers(api, 'otra', <FeedView feed={feedOf([post])} emptyText="" />));
    await vi.waitFor(() => expect(pressed(button(post, /Te lo mereces/))).toBe('true'));
    expect(pressed(button(post, /Vaya día/))).toBe('false');
    expect(myVotes).toHaveBeenCalledTimes(2);
  });

  it('tells the author their own post is for others to vote when the API says so, and shows its counts without buttons', async () => {
    const user = userEvent.setup();
    const post = aPost({ name: 'mia' });
    const castVote = vi.fn(() => Promise.reject(new ApiError(ERRORS.OWN_POST.message, 403, 'OWN_POST')));
    render(
      providers(
        fakeApiClient({ 'votes.mine': vi.fn(async () => ({ votes: {} })), 'votes.cast': castVote }),
        'mia',
        <FeedView feed={feedOf([post])} emptyText="" />,
      ),
    );
    await user.click(button(post, /Vaya día/));
    await screen.findByText(/Es tu anécdota/);
    expect(card(post).queryByRole('button', { name: /Vaya día|Te lo mereces/ })).toBeNull();
    expect(card(post).getByRole('group', { name: 'Votos de tu anécdota' }).textContent).toContain('¡Vaya día! 0');
  });
});

describe('taking a server-rendered page over', () => {
  it('keeps the cards as they are: no vote or «Guardar» button renders again once it is taken over', async () => {
    // hydrateRoot outside Testing Library's render: React's act() is told it runs in a test.
    Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
    const posts = [aPost({ name: 'uno' }), aPost({ name: 'dos', votes: { agree: 4, deserved: 1 } })];
    const commits: string[] = [];
    // Who is signed in is not known yet while a page is taken over (undefined).
    const page = providers(
      fakeApiClient(),
      undefined,
      <>
        {posts.map((post) => (
          <Profiler key={post.id} id={post.name ?? ''} onRender={(id, phase) => commits.push(`${id} ${phase}`)}>
            <PostCard post={post} />
          </Profiler>
        ))}
      </>,
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(page);
    document.body.append(container);
    const errors: unknown[] = [];
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, page, { onRecoverableError: (error) => errors.push(error) });
    });
    expect(errors).toEqual([]);
    expect(card(posts[1]!).getByRole('button', { name: /Vaya día/ }).textContent).toBe('¡Vaya día! 4');
    // An update here is a synchronous re-render of every card right after the take-over, the task that
    // keeps a slow phone's taps waiting (a query answering otherwise than the card rendered).
    expect(commits).toEqual(['uno mount', 'dos mount']);
    act(() => root!.unmount());
    container.remove();
  });
});

describe('/top', () => {
  function topApi(pages: Record<string, Post[]>) {
    return vi.fn<FakeRoute<'votes.top'>>(async ({ query = {} }) => {
      const { period, by = 'agree', cursor } = query;
      // As the API: without a period, this week or the first later period with posts.
      const chosen = period ?? DEFAULT_TOP_PERIODS.find((option) => (pages[`${option}-${by}`] ?? []).length > 0) ?? 'week';
      const all = pages[`${chosen}-${by}`] ?? [];
      const start = cursor ? Number(cursor) : 0;
      return { period: chosen, items: all.slice(start, start + 20), nextCursor: start + 20 < all.length ? String(start + 20) : null };
    });
  }
  const renderTop = (api: ApiClient, path = '/top') =>
    render(
      providers(
        api,
        null,
        <Routes>
          <Route path="/top" element={<TopRoute />} />
        </Routes>,
        path,
      ),
    );
  const shown = () =>
    within(screen.getByRole('list', { name: /Las anécdotas con más/ }))
      .getAllByRole('article')
      .map((article) => article.querySelector('.post-card__text')!.textContent);

  it('shows today’s «¡Vaya día!» ranking, pages with «Cargar más», and switches period and ranking by tabs', async () => {
    const user = userEvent.setup();
    const day = Array.from({ length: 25 }, (_, i) => aPost({ post: `hoy ${i + 1}`, votes: { agree: 30 - i, deserved: 0 } }));
    const flop = [aPost({ post: 'merecido', votes: { agree: 0, deserved: 9 } })];
    const topPosts = topApi({ 'day-agree': day, 'week-deserved': flop });
    renderTop(fakeApiClient({ 'votes.top': topPosts }), '/top?period=day&by=agree');
    await screen.findByText('hoy 1');
    expect(shown()).toHaveLength(20);
    expect(screen.getByRole('link', { name: 'Hoy' }).getAttribute('aria-current')).toBe('page');
    await user.click(screen.getByRole('button', { name: 'Cargar más' }));
    await screen.findByText('hoy 25');
    expect(shown()).toEqual(day.map((post) => post.post));
    expect(screen.queryByRole('button', { name: 'Cargar más' })).toBeNull();
    // Each card shows its place, across pages.
    const places = within(screen.getByRole('list', { name: /Las anécdotas con más/ }))
      .getAllByRole('listitem')
      .map((item) => item.querySelector('.feed__rank')?.textContent);
    expect(places).toEqual(day.map((_, i) => String(i + 1)));

    await user.click(screen.getByRole('link', { name: 'Esta semana' }));
    await screen.findByText(/^Todavía ninguna anécdota de esta semana tiene un «¡Vaya día!»\./);
    await user.click(screen.getByRole('link', { name: /Más «Te lo mereces»/ }));
    await screen.findByText('merecido');
    expect(topPosts).toHaveBeenLastCalledWith({ query: expect.objectContaining({ period: 'week', by: 'deserved' }) }, expect.anything());
    expect(screen.getByRole('link', { name: 'Esta semana' }).getAttribute('aria-current')).toBe('page');
  }, 20_000); // 25 cards rendered and clicked through in jsdom

  it('opens /top on the period the API chose when this week has no votes, says so, and pages on in that period', async () => {
    const user = userEvent.setup();
    const month = Array.from({ length: 21 }, (_, i) => aPost({ post: `mes ${i + 1}`, votes: { agree: 30 - i, deserved: 0 } }));
    const topPosts = topApi({ 'month-agree': month });
    renderTop(fakeApiClient({ 'votes.top': topPosts }));
    await screen.findByText('mes 1');
    expect(screen.getByRole('link', { name: 'Este mes' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Top · este mes');
    expect(screen.getByText(/Esta semana todavía nadie ha votado «¡Vaya día!»: te enseñamos las de este mes/)).toBeTruthy();
    expect(topPosts).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Cargar más' }));
    await screen.findByText('mes 21');
    expect(topPosts).toHaveBeenLastCalledWith({ query: expect.objectContaining({ period: 'month', cursor: '20' }) }, expect.anything());
  });

  it('opens /top on this week, with what to do next, when no period has votes yet', async () => {
    renderTop(fakeApiClient({ 'votes.top': topApi({}) }));
    await screen.findByText(/Todavía ninguna anécdota de esta semana tiene un «¡Vaya día!»/);
    expect(screen.getByRole('link', { name: 'Esta semana' }).getAttribute('aria-current')).toBe('page');
    expect(screen.queryByText(/te enseñamos/)).toBeNull();
  });

  it('updates counts live from post.updated and drops a post that leaves the feeds', async () => {
    const posts = [
      aPost({ post: 'primera', votes: { agree: 5, deserved: 0 } }),
      aPost({ post: 'segunda', votes: { agree: 2, deserved: 0 } }),
    ];
    renderTop(fakeApiClient({ 'votes.top': topApi({ 'all-agree': posts }) }), '/top?period=all&by=agree');
    await screen.findByText('primera');
    await FakeSocket.made();
    act(() => FakeSocket.latest().open());
    act(() => FakeSocket.latest().send({ type: 'post.updated', id: posts[1]!.id, votes: { agree: 6, deserved: 1 }, comments: 0 }));
    const second = within(screen.getByText('segunda').closest('article')!);
    expect(second.getByRole('button', { name: /Vaya día/ }).textContent).toBe('¡Vaya día! 6');
    expect(second.getByRole('button', { name: /Te lo mereces/ }).textContent).toBe('Te lo mereces 1');
    act(() => FakeSocket.latest().send({ type: 'post.removed', id: posts[0]!.id }));
    expect(screen.queryByText('primera')).toBeNull();
  });
});

/** A post's own page as far as its live socket goes. */
function PostWithLive({ post }: { post: Post }) {
  usePostLive(post.id);
  return <PostCard post={post} headingLevel="h1" linkToPost={false} />;
}

describe('a post’s own page', () => {
  it('moves the counts live, on a socket that reads that post', async () => {
    const post = aPost({ name: 'sola', votes: { agree: 1, deserved: 0 } });
    render(providers(fakeApiClient(), null, <PostWithLive post={post} />));
    expect(new URL((await FakeSocket.made()).url).searchParams.get('post')).toBe(post.id);
    act(() => FakeSocket.latest().open());
    act(() => FakeSocket.latest().send({ type: 'post.updated', id: post.id, votes: { agree: 2, deserved: 3 }, comments: 0 }));
    expect(button(post, /Vaya día/).textContent).toBe('¡Vaya día! 2');
    expect(button(post, /Te lo mereces/).textContent).toBe('Te lo mereces 3');
  });
});
