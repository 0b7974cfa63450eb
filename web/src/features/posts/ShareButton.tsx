import { useEffect, useRef, useState } from 'react';
import type { Post } from '@contract/posts';
import { intentOf, isReplayedTap } from '../../lib/taps';

type State = { step: 'idle' } | { step: 'copied' } | { step: 'manual'; url: string };

/** How long «Enlace copiado» stays on screen. */
const CONFIRMATION_MS = 4000;

/** The post's own page, absolute (what a shared link must be). */
export function postUrl(post: Pick<Post, 'id'>): string {
  return `${window.location.origin}/post/${encodeURIComponent(post.id)}`;
}

/**
 * «Compartir» on a post: the device's own share sheet (Web Share API) where the browser has one;
 * otherwise the link is copied to the clipboard with a Spanish confirmation, and where even that is
 * not allowed the link is shown, selected, to copy by hand. Cancelling the share sheet does nothing.
 * A tap kept before the app ran (lib/taps.ts) is carried out by copying: its replay has no user activation.
 */
export function ShareButton({ post }: { post: Post }) {
  const [state, setState] = useState<State>({ step: 'idle' });
  const manualInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (state.step === 'copied') {
      const timer = setTimeout(() => setState({ step: 'idle' }), CONFIRMATION_MS);
      return () => clearTimeout(timer);
    }
    if (state.step === 'manual') manualInput.current?.select();
    return undefined;
  }, [state]);

  async function share(replayed: boolean) {
    const url = postUrl(post);
    const data: ShareData = { title: `Anécdota de ${post.name} · Vaya día`, text: post.post, url };
    // A tap kept before the app ran and carried out now (lib/taps.ts) has no user activation left: the
    // share sheet would be refused, so the link is copied straight away.
    if (!replayed && typeof navigator.share === 'function' && (typeof navigator.canShare !== 'function' || navigator.canShare(data))) {
      try {
        await navigator.share(data);
        return;
      } catch (error) {
        // The reader closed the share sheet: nothing to do. Anything else: offer the link instead.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setState({ step: 'copied' });
    } catch {
      setState({ step: 'manual', url });
    }
  }

  return (
    <>
      <button
        type="button"
        className="link-button"
        onClick={(event) => void share(isReplayedTap(event.nativeEvent))}
        aria-label={`Compartir la anécdota de ${post.name}`}
        data-intent={intentOf('share', post.id)}
      >
        Compartir
      </button>
      <span className="share__status" role="status">
        {state.step === 'copied' && 'Enlace copiado: pégalo donde quieras compartirlo.'}
      </span>
      {state.step === 'manual' && (
        <label className="share__manual">
          Copia este enlace para compartirla:{' '}
          <input ref={manualInput} type="text" readOnly value={state.url} onFocus={(event) => event.currentTarget.select()} />
        </label>
      )}
    </>
  );
}
