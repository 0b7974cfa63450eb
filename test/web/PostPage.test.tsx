import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { Post } from '@contract/posts';
import PostPage from '../../web/src/app/routes/PostPage';
import { ApiContext, type ApiClient } from '../../web/src/lib/api';
import { ConfigContext } from '../../web/src/lib/config';
import { createQueryClient, firstPageOnly, queryKeys } from '../../web/src/lib/queries';
import { aPost, fakeApiClient, testConfig as config, type FakeRoute } from './factories';
import { WithQueries } from './queries';

/** A `GET /posts/{id}` that answers only when the test says so. */
function heldPostRead() {
  let answer: (post: Post) => void = () => undefined;
  const read = vi.fn<FakeRoute<'posts.get'>>(
    () =>
      new Promise<Post>((resolve) => {
        answer = resolve;
      }),
  );
  return { read, answer: (post: Post) => answer(post) };
}

function renderPost(id: string, api: ApiClient, client = createQueryClient()) {
  return render(
    <ConfigContext.Provider value={config}>
      <ApiContext.Provider value={api}>
        <WithQueries client={client}>
          <MemoryRouter initialEntries={[`/post/${id}`]}>
            <Routes>
              <Route path="/post/:id" element={<PostPage />} />
            </Routes>
          </MemoryRouter>
        </WithQueries>
      </ApiContext.Provider>
    </ConfigContext.Provider>,
  );
}

describe('PostPage', () => {
  it('opened from a list, shows the post that list holds at once and asks for its comments while reading it again', async () => {
    const post = aPost({ post: 'Se me quemó la tostada el día de la entrevista.', votes: { agree: 1, deserved: 0 } });
    const client = createQueryClient();
    client.setQueryData(queryKeys.feed(), firstPageOnly({ items: [aPost(), post], nextCursor: null }));
    const held = heldPostRead();
    const comments = vi.fn<FakeRoute<'comments.list'>>(async () => ({ items: [], nextCursor: null }));
    renderPost(post.id, fakeApiClient({ 'posts.get': held.read, 'comments.list': comments }), client);

    // The list's copy, before the post's own read has answered; the comments are asked for beside it.
    expect(await screen.findByRole('heading', { level: 1, name: /lucia/ })).toBeTruthy();
    expect(screen.getByText(post.post)).toBeTruthy();
    expect(screen.queryByText('Cargando la anécdota…')).toBeNull();
    expect(held.read).toHaveBeenCalledTimes(1);
    expect(comments).toHaveBeenCalled();

    const agree = () => screen.getByRole('button', { name: /Vaya día/ }).textContent;
    expect(agree()).toMatch(/\b1\b/);

    // The read's answer replaces it: the post is fresher than the list (here, six more votes).
    held.answer({ ...post, votes: { agree: 7, deserved: 0 } });
    await vi.waitFor(() => expect(agree()).toMatch(/\b7\b/));
  });

  it('without the post in any list, waits for its read', async () => {
    const post = aPost({ post: 'Perdí el último tren por atarme los cordones.' });
    const held = heldPostRead();
    const comments = vi.fn<FakeRoute<'comments.list'>>(async () => ({ items: [], nextCursor: null }));
    renderPost(post.id, fakeApiClient({ 'posts.get': held.read, 'comments.list': comments }));

    expect(await screen.findByText('Cargando la anécdota…')).toBeTruthy();
    expect(screen.queryByText(post.post)).toBeNull();
    expect(comments).not.toHaveBeenCalled();
    held.answer(post);
    expect(await screen.findByText(post.post)).toBeTruthy();
  });
});
