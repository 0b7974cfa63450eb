/**
 * Taps made before the app runs (lib/taps.ts): the document's inline script keeps them, the app
 * carries each out once, when its button is ready. The script runs here as its text, as the browser
 * runs it from the document's head; the buttons are React's, so a tap reaching React early would show.
 */
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PENDING_ATTRIBUTE, REPLAY_DEADLINE_MS, intentOf, keepTap, startReplay } from '../../web/src/lib/taps';
import { forgetIntent, pendingIntentFor, rememberIntent, INTENT_TTL_MS } from '../../web/src/lib/pendingIntent';
import { withTapKeeper } from './tapKeeper';

const keeper = withTapKeeper(() => {
  vi.useRealTimers();
  forgetIntent();
});

function Card({ onVote, onSave, ready = true }: { onVote: () => void; onSave: () => void; ready?: boolean }) {
  return (
    <div>
      <button type="button" data-intent={intentOf('vote-agree', 'p1')} onClick={onVote}>
        ¡Vaya día!
      </button>
      <button type="button" data-intent={intentOf('save', 'p1')} aria-disabled={ready ? undefined : true} onClick={() => ready && onSave()}>
        Guardar
      </button>
      <button type="button">Otro</button>
    </div>
  );
}

const replay = (onGiveUp: (intent: string) => void = () => {}, now?: () => number) => {
  return keeper.started(startReplay({ onGiveUp, now, intervalMs: 50 }));
};

describe('taps before the app has taken over', () => {
  it('are kept (not run by the page), shown as pending, and carried out once when the app takes over', () => {
    const onVote = vi.fn();
    render(<Card onVote={onVote} onSave={() => {}} />);
    const vote = screen.getByRole('button', { name: '¡Vaya día!' });
    act(() => vote.click());
    act(() => vote.click()); // an impatient second tap is the same wish
    expect(onVote).not.toHaveBeenCalled();
    expect(vote.hasAttribute(PENDING_ATTRIBUTE)).toBe(true);
    expect(window.__vayaTaps!.q).toEqual(['vote-agree:p1']);

    act(() => void replay());
    expect(onVote).toHaveBeenCalledTimes(1);
    expect(vote.hasAttribute(PENDING_ATTRIBUTE)).toBe(false);
    expect(window.__vayaTaps!.q).toEqual([]);

    // From then on a tap is the app's own, run at once.
    act(() => vote.click());
    expect(onVote).toHaveBeenCalledTimes(2);
  });

  it('leave other buttons and links alone', () => {
    render(<Card onVote={() => {}} onSave={() => {}} />);
    const other = screen.getByRole('button', { name: 'Otro' });
    const seen = vi.fn();
    other.addEventListener('click', seen);
    act(() => other.click());
    expect(seen).toHaveBeenCalledTimes(1);
    expect(window.__vayaTaps!.q).toEqual([]);
  });

  it('wait for a button the app cannot act on yet (aria-disabled), also when tapped after the take-over', async () => {
    vi.useFakeTimers();
    const onSave = vi.fn();
    const { rerender } = render(<Card onVote={() => {}} onSave={onSave} ready={false} />);
    act(() => void replay());
    const save = screen.getByRole('button', { name: 'Guardar' });
    act(() => save.click());
    expect(onSave).not.toHaveBeenCalled();
    expect(save.hasAttribute(PENDING_ATTRIBUTE)).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(onSave).not.toHaveBeenCalled();

    rerender(<Card onVote={() => {}} onSave={onSave} ready />);
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(onSave).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(onSave).toHaveBeenCalledTimes(1);
  });

  it('are given up, and said so, when the button never becomes ready', async () => {
    vi.useFakeTimers();
    let clock = 0;
    const onGiveUp = vi.fn();
    render(<Card onVote={() => {}} onSave={() => {}} ready={false} />);
    const save = screen.getByRole('button', { name: 'Guardar' });
    act(() => save.click());
    act(() => void replay(onGiveUp, () => clock));
    clock = REPLAY_DEADLINE_MS - 1;
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(onGiveUp).not.toHaveBeenCalled();
    clock = REPLAY_DEADLINE_MS + 1;
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(onGiveUp).toHaveBeenCalledWith('save:p1');
    expect(save.hasAttribute(PENDING_ATTRIBUTE)).toBe(false);
  });

  it('a wish offered again after sign-in is carried out like a kept tap', () => {
    const onVote = vi.fn();
    render(<Card onVote={onVote} onSave={() => {}} />);
    act(() => void replay());
    act(() => keepTap('vote-agree:p1'));
    expect(onVote).toHaveBeenCalledTimes(1);
  });
});

describe('a vote or «Guardar» pressed while signed out', () => {
  it('is kept for its page only, for a while', () => {
    rememberIntent('vote-agree:p1', '¿Votar «¡Vaya día!» ahora?', '/post/p1', 1_000);
    expect(pendingIntentFor('/', 2_000)).toBeNull();
    expect(pendingIntentFor('/post/p1', 2_000)).toMatchObject({ intent: 'vote-agree:p1', question: '¿Votar «¡Vaya día!» ahora?' });
    expect(pendingIntentFor('/post/p1', 1_000 + INTENT_TTL_MS + 1)).toBeNull();
    expect(pendingIntentFor('/post/p1', 2_000)).toBeNull(); // the stale one was dropped
  });

  it('ignores what is not its own shape in storage', () => {
    sessionStorage.setItem('vaya-dia:intent', '{"intent":1}');
    expect(pendingIntentFor('/post/p1')).toBeNull();
    sessionStorage.setItem('vaya-dia:intent', 'no es JSON');
    expect(pendingIntentFor('/post/p1')).toBeNull();
  });
});
