/**
 * What a kept tap does when the app carries it out (lib/taps.ts): it was made before the page could
 * show any state, so it means the state wished for, not a toggle. A replayed vote or «Guardar» only
 * adds (given already: nothing changes, the card shows it given), and a replayed «Compartir», which
 * has no user activation left for the share sheet, copies the link. A tap made after the app took
 * over still toggles and still opens the share sheet. The cards are the app's own, with their queries.
 */
import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { type Post } from '@contract/posts';
import { PostCard } from '../../web/src/components/PostCard';
import { ApiContext, type ApiClient } from '../../web/src/lib/api';
import { ConfigContext } from '../../web/src/lib/config';
import { PENDING_ATTRIBUTE, startReplay } from '../../web/src/lib/taps';
import { browserWith } from './browser';
import { aPost, fakeApiClient, testConfig as config } from './factories';
import { FakeSocket } from './fakeSocket';
import { SignedIn, WithQueries } from './queries';
import { withTapKeeper } from './tapKeeper';

const keeper = withTapKeeper(() => {
  vi.unstubAllGlobals();
  browserWith({});
});

/** The app takes the page over: kept taps are carried out. */
const takeOver = () =>
  act(() => {
    keeper.started(startReplay({ onGiveUp: () => {}, intervalMs: 20 }));
  });

function renderCard(api: ApiClient, post: Post): void {
  vi.stubGlobal('WebSocket', FakeSocket);
  render(
    <ConfigContext.Provider value={config}>
      <ApiContext.Provider value={api}>
        <WithQueries>
          <SignedIn as="lucia">
            <MemoryRouter initialEntries={['/']}>
              <PostCard post={post} />
            </MemoryRouter>
          </SignedIn>
        </WithQueries>
      </ApiContext.Provider>
    </ConfigContext.Provider>,
  );
}

const card = (post: Post) => within(screen.getByRole('article', { name: new RegExp(post.name) }));
const agreeOf = (post: Post) => card(post).getByRole('button', { name: /Vaya día/ });
const pressed = (element: HTMLElement) => element.getAttribute('aria-pressed');
const never = () => new Promise<never>(() => {});

describe('a «¡Vaya día!» tapped before the app ran', () => {
  it('by someone who has voted it already leaves the vote given (not taken back), and shows it', async () => {
    const post = aPost({ name: 'ya-votada', votes: { agree: 3, deserved: 0 } });
    const castVote = vi.fn(async () => ({ votes: post.votes, myVote: 'agree' as const }));
    const removeVote = vi.fn(async () => ({ votes: { agree: 2, deserved: 0 }, myVote: null }));
    renderCard(
      fakeApiClient({
        'votes.mine': vi.fn(async () => ({ votes: { [post.id]: 'agree' as const } })),
        'votes.cast': castVote,
        'votes.remove': removeVote,
      }),
      post,
    );
    await vi.waitFor(() => expect(pressed(agreeOf(post))).toBe('true'));
    // Tapped blind (the page's HTML showed no vote), twice: kept once by the document's script.
    act(() => agreeOf(post).click());
    act(() => agreeOf(post).click());
    expect(agreeOf(post).hasAttribute(PENDING_ATTRIBUTE)).toBe(true);

    takeOver();
    await vi.waitFor(() => expect(agreeOf(post).hasAttribute(PENDING_ATTRIBUTE)).toBe(false));
    // The replay's click ran the card's handler there and then: a request would have been made already.
    expect(removeVote).not.toHaveBeenCalled();
    expect(castVote).not.toHaveBeenCalled();
    expect(pressed(agreeOf(post))).toBe('true');
    expect(agreeOf(post).textContent).toBe('¡Vaya día! 3');

    // A tap made now, on a page that shows the vote, takes it back as always.
    act(() => agreeOf(post).click());
    await vi.waitFor(() => expect(pressed(agreeOf(post))).toBe('false'));
    expect(removeVote).toHaveBeenCalledTimes(1);
    expect(agreeOf(post).textContent).toBe('¡Vaya día! 2');
  });

  it('before the app knows the reader’s votes is cast (the same vote again changes nothing on the API), never taken back', async () => {
    const post = aPost({ name: 'sin-saber', votes: { agree: 1, deserved: 0 } });
    const castVote = vi.fn(async () => ({ votes: post.votes, myVote: 'agree' as const }));
    const removeVote = vi.fn(async () => ({ votes: { agree: 0, deserved: 0 }, myVote: null }));
    renderCard(fakeApiClient({ 'votes.mine': vi.fn(never), 'votes.cast': castVote, 'votes.remove': removeVote }), post);
    act(() => agreeOf(post).click());
    takeOver();
    await vi.waitFor(() => expect(pressed(agreeOf(post))).toBe('true'));
    expect(castVote).toHaveBeenCalledTimes(1);
    expect(castVote).toHaveBeenCalledWith({ params: { id: post.id }, body: { vote: 'agree' } });
    expect(removeVote).not.toHaveBeenCalled();
    expect(agreeOf(post).textContent).toBe('¡Vaya día! 1');
  });

  it('switches a «Te lo mereces» given to «¡Vaya día!»: what was tapped is what the reader wants', async () => {
    const post = aPost({ name: 'cambio', votes: { agree: 0, deserved: 1 } });
    const castVote = vi.fn(async () => ({ votes: { agree: 1, deserved: 0 }, myVote: 'agree' as const }));
    renderCard(
      fakeApiClient({ 'votes.mine': vi.fn(async () => ({ votes: { [post.id]: 'deserved' as const } })), 'votes.cast': castVote }),
      post,
    );
    const deserved = card(post).getByRole('button', { name: /Te lo mereces/ });
    await vi.waitFor(() => expect(pressed(deserved)).toBe('true'));
    act(() => agreeOf(post).click());
    takeOver();
    await vi.waitFor(() => expect(pressed(agreeOf(post))).toBe('true'));
    expect(castVote).toHaveBeenCalledWith({ params: { id: post.id }, body: { vote: 'agree' } });
    expect(pressed(deserved)).toBe('false');
  });
});

describe('a «Guardar» tapped before the app ran', () => {
  it('on a post saved already leaves it saved', async () => {
    const post = aPost({ name: 'guardada' });
    const savePost = vi.fn(async () => {});
    const unsavePost = vi.fn(async () => {});
    renderCard(
      fakeApiClient({
        'votes.mine': vi.fn(async () => ({ votes: {} })),
        'saved.ids': vi.fn(async () => ({ ids: [post.id] })),
        'saved.save': savePost,
        'saved.unsave': unsavePost,
      }),
      post,
    );
    const save = () => card(post).getByRole('button', { name: /^Guarda/ });
    await vi.waitFor(() => expect(save().textContent).toBe('Guardada'));
    act(() => save().click());
    takeOver();
    await vi.waitFor(() => expect(save().hasAttribute(PENDING_ATTRIBUTE)).toBe(false));
    // The replay's click ran the card's handler there and then: a request would have been made already.
    expect(unsavePost).not.toHaveBeenCalled();
    expect(savePost).not.toHaveBeenCalled();
    expect(save().textContent).toBe('Guardada');
  });
});

describe('a «Compartir» tapped before the app ran', () => {
  it('copies the link and says so (the replay has no user activation for the share sheet); a tap made now opens the sheet', async () => {
    const post = aPost({ name: 'compartida' });
    const share = vi.fn(async () => {});
    const writeText = vi.fn(async () => {});
    browserWith({ share, writeText });
    renderCard(fakeApiClient({ 'votes.mine': vi.fn(async () => ({ votes: {} })) }), post);
    const button = card(post).getByRole('button', { name: /^Compartir/ });
    act(() => button.click());
    expect(writeText).not.toHaveBeenCalled();

    takeOver();
    await card(post).findByText('Enlace copiado: pégalo donde quieras compartirlo.');
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/post/${post.id}`);
    expect(share).not.toHaveBeenCalled();

    act(() => button.click());
    await vi.waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    expect(writeText).toHaveBeenCalledTimes(1);
  });
});
