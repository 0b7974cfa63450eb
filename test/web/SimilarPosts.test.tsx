/**
 * «¿Se parece a alguna de estas?» under the new-post form: asked 500 ms after the last keystroke once
 * the text has 60 characters (never before), and at once on «Enviar», which still sends; each look-alike
 * a link to its page, and the draft still there after a look at one in the same tab.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { SIMILAR_DEBOUNCE_MS, SIMILAR_MIN_TEXT_LENGTH } from '@contract/similar';
import { NewPostForm } from '../../web/src/features/posts/NewPostForm';
import { ApiContext } from '../../web/src/lib/api';
import { SessionContext } from '../../web/src/lib/session';
import { aPost, fakeApiClient, type FakeRoute } from './factories';
import { WithQueries } from './queries';

const LOOK_ALIKE = aPost({
  id: 'p-camion',
  name: 'Conductora',
  post: 'Un camión de la basura bloqueó mi calle y llegué tarde al trabajo.',
});

function setup(similar: FakeRoute<'search.similar'>, onSubmit = vi.fn(async () => {})) {
  const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
  render(
    <ApiContext.Provider value={fakeApiClient({ 'search.similar': similar })}>
      <SessionContext.Provider value="escritora@example.com">
        <WithQueries>
          <MemoryRouter initialEntries={['/newpost']}>
            <Routes>
              <Route path="/newpost" element={<NewPostForm onSubmit={onSubmit} />} />
              <Route
                path="/post/:id"
                element={
                  <p>
                    La anécdota parecida. <Link to="/newpost">Volver a escribir</Link>
                  </p>
                }
              />
            </Routes>
          </MemoryRouter>
        </WithQueries>
      </SessionContext.Provider>
    </ApiContext.Provider>,
  );
  return { user, onSubmit, text: () => screen.getByLabelText<HTMLTextAreaElement>(/^Post/) };
}

const panel = () => screen.queryByRole('region', { name: '¿Se parece a alguna de estas?' });

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  window.sessionStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('«¿Se parece a alguna de estas?» in the new-post form', () => {
  it('asks only once the text has 60 characters and the writer paused, then lists the look-alikes as links', async () => {
    const similar = vi.fn<FakeRoute<'search.similar'>>(async () => ({ items: [LOOK_ALIKE] }));
    const { user, text } = setup(similar);
    const draft = 'Un camión de basura me cortó la calle entera y llegué tarde'; // 59 characters
    expect(draft).toHaveLength(SIMILAR_MIN_TEXT_LENGTH - 1);
    await user.click(text());
    await user.paste(draft);
    await act(async () => {
      vi.advanceTimersByTime(SIMILAR_DEBOUNCE_MS * 4);
    });
    expect(similar).not.toHaveBeenCalled();
    expect(panel()).toBeNull();

    await user.type(text(), '!');
    await act(async () => {
      vi.advanceTimersByTime(SIMILAR_DEBOUNCE_MS - 50);
    });
    expect(similar).not.toHaveBeenCalled();
    await act(async () => {
      vi.advanceTimersByTime(100);
    });
    expect(similar).toHaveBeenCalledTimes(1);
    expect(similar.mock.calls[0]?.[0]).toEqual({ query: { text: `${draft}!` } });

    const region = await screen.findByRole('region', { name: '¿Se parece a alguna de estas?' });
    const link = within(region).getByRole('link', { name: LOOK_ALIKE.post });
    expect(link.getAttribute('href')).toBe('/post/p-camion');
    expect(link.getAttribute('target')).toBeNull();
    expect(within(region).getByText(/Conductora/)).toBeTruthy();
  });

  it('hides the panel again when the text falls under 60 characters', async () => {
    const similar = vi.fn<FakeRoute<'search.similar'>>(async () => ({ items: [LOOK_ALIKE] }));
    const { user, text } = setup(similar);
    await user.click(text());
    await user.paste('Un camión de basura me cortó la calle entera y llegué tarde al curro.');
    await act(async () => {
      vi.advanceTimersByTime(SIMILAR_DEBOUNCE_MS + 10);
    });
    await screen.findByRole('region', { name: '¿Se parece a alguna de estas?' });
    await user.clear(text());
    await user.type(text(), 'Otra cosa');
    expect(panel()).toBeNull();
  });

  it('keeps the draft through a look at a look-alike in the same tab', async () => {
    const similar = vi.fn<FakeRoute<'search.similar'>>(async () => ({ items: [LOOK_ALIKE] }));
    const { user, text } = setup(similar);
    const draft = 'Un camión de basura me cortó la calle entera y llegué tarde al curro otra vez.';
    await user.selectOptions(screen.getByLabelText('Categoria'), 'trabajo');
    await user.click(text());
    await user.paste(draft);
    await act(async () => {
      vi.advanceTimersByTime(SIMILAR_DEBOUNCE_MS + 10);
    });
    await user.click(await screen.findByRole('link', { name: LOOK_ALIKE.post }));
    await user.click(await screen.findByRole('link', { name: 'Volver a escribir' }));
    expect(text().value).toBe(draft);
    expect(screen.getByLabelText<HTMLSelectElement>('Categoria').value).toBe('trabajo');
  });

  it('asks at once on «Enviar» and sends all the same, then forgets the draft', async () => {
    const similar = vi.fn<FakeRoute<'search.similar'>>(async () => ({ items: [LOOK_ALIKE] }));
    const onSubmit = vi.fn(async () => {});
    const { user, text } = setup(similar, onSubmit);
    await user.click(text());
    await user.paste('Camión, basura, calle, tarde.');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(onSubmit).toHaveBeenCalledWith({ category: 'varios', post: 'Camión, basura, calle, tarde.' });
    expect(similar.mock.calls[0]?.[0]).toEqual({ query: { text: 'Camión, basura, calle, tarde.' } });
    await screen.findByRole('region', { name: '¿Se parece a alguna de estas?' });
    expect(window.sessionStorage.length).toBe(0);
  });

  it('shows nothing and still sends when the look-up fails', async () => {
    const similar = vi.fn<FakeRoute<'search.similar'>>(async () => Promise.reject(new Error('sin red')));
    const onSubmit = vi.fn(async () => {});
    const { user, text } = setup(similar, onSubmit);
    await user.click(text());
    await user.paste('Un camión de basura me cortó la calle entera y llegué tarde al curro.');
    await act(async () => {
      vi.advanceTimersByTime(SIMILAR_DEBOUNCE_MS + 10);
    });
    expect(similar).toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(onSubmit).toHaveBeenCalled();
    expect(panel()).toBeNull();
  });
});
