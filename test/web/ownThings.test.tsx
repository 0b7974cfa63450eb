/**
 * One's own things (lib/account.ts useIsMine): no vote buttons and no «Denunciar» on one's own post or
 * comment — the counts still shown, read-only — wherever a card or a comment appears (they all come
 * through the app's card parts). Told by the apodo, the one signature the API gives; until `GET /me`
 * has said who this is, the card is the server's (buttons shown, the page taken over as it is).
 */
import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { Me } from '@contract/accounts';
import type { Post } from '@contract/posts';
import { FeedView } from '../../web/src/components/FeedView';
import { CommentsSection } from '../../web/src/features/comments/CommentsSection';
import type { ApiClient } from '../../web/src/lib/api';
import { aComment, aMe, aPost, fakeApiClient, feedOf } from './factories';
import { FakeSocket } from './fakeSocket';
import { providers } from './queries';

const me = aMe({ name: 'Marta', email: 'marta@example.com' });

function renderAs(api: ApiClient, account: Me | null, children: ReactNode) {
  vi.stubGlobal('WebSocket', FakeSocket);
  render(providers(api, account ? account.email : null, children, '/', { me: account ?? undefined }));
}

const readApi = () => fakeApiClient({ 'votes.mine': vi.fn(async () => ({ votes: {} })), 'saved.ids': vi.fn(async () => ({ ids: [] })) });
const card = (post: Post) => within(screen.getByRole('article', { name: new RegExp(post.name) }));

describe('one’s own post', () => {
  it('shows its counts without vote buttons and offers no «Denunciar»; others’ posts keep both', async () => {
    const mine = aPost({ name: 'Marta', votes: { agree: 7, deserved: 2 } });
    const theirs = aPost({ name: 'Martina', votes: { agree: 1, deserved: 0 } });
    renderAs(readApi(), me, <FeedView feed={feedOf([mine, theirs])} emptyText="" />);

    await vi.waitFor(() => expect(card(mine).queryByRole('button', { name: /Vaya día/ })).toBeNull());
    expect(card(mine).queryByRole('button', { name: /Te lo mereces/ })).toBeNull();
    expect(card(mine).queryByRole('button', { name: 'Denunciar' })).toBeNull();
    const tallies = card(mine).getByRole('group', { name: 'Votos de tu anécdota' });
    expect(tallies.textContent).toContain('¡Vaya día! 7');
    expect(tallies.textContent).toContain('Te lo mereces 2');
    // Still one's to keep and share.
    card(mine).getByRole('button', { name: /^Guardar/ });
    card(mine).getByRole('button', { name: /^Compartir/ });

    card(theirs).getByRole('button', { name: /Vaya día/ });
    card(theirs).getByRole('button', { name: /Te lo mereces/ });
    card(theirs).getByRole('button', { name: 'Denunciar' });
  });

  it('is nobody’s for a signed-out reader', () => {
    const post = aPost({ name: 'Marta' });
    renderAs(fakeApiClient(), null, <FeedView feed={feedOf([post])} emptyText="" />);
    card(post).getByRole('button', { name: /Vaya día/ });
    card(post).getByRole('button', { name: 'Denunciar' });
  });
});

describe('one’s own comment', () => {
  it('offers no «Denunciar»; others’ comments do', async () => {
    const mine = aComment({ name: 'Marta', text: 'lo escribí yo' });
    const theirs = aComment({ name: 'Rosa', text: 'lo escribió otra' });
    renderAs(
      fakeApiClient({ 'comments.list': vi.fn(async () => ({ items: [mine, theirs], nextCursor: null })) }),
      me,
      <CommentsSection postId="p0001" viewer={{ status: 'signedIn', name: 'Marta', moderator: false }} initialCount={2} />,
    );
    const item = async (text: string) => within((await screen.findByText(text)).closest('li')!);
    expect((await item('lo escribí yo')).queryByRole('button', { name: 'Denunciar' })).toBeNull();
    (await item('lo escribió otra')).getByRole('button', { name: 'Denunciar' });
  });
});
