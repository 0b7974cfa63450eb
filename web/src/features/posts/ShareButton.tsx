import { useEffect, useId, useRef, useState } from 'react';
import type { Post } from '@contract/posts';
import { intentOf, isReplayedTap } from '../../lib/taps';

type State = { step: 'idle' } | { step: 'copied' } | { step: 'manual'; url: string };

/** How long «Enlace copiado» stays on screen. */
const CONFIRMATION_MS = 4000;

/** The post's own page, absolute (what a shared link must be). */
export function postUrl(post: Pick<Post, 'id'>): string {
  return `${window.location.origin}/post/${encodeURIComponent(post.id)}`;
}

/** The words a shared link goes with: the anecdote, cut to leave a tweet room for the link. */
function shareText(post: Pick<Post, 'post'>): string {
  return post.post.length > 200 ? `${post.post.slice(0, 199).trimEnd()}…` : post.post;
}

/**
 * Where a desktop can share a post: plain links to each service's own share page (no script of
 * theirs on the site), and e-mail.
 */
export function shareLinks(post: Pick<Post, 'id' | 'post'>): { name: string; href: string }[] {
  const url = postUrl(post);
  const text = shareText(post);
  const encode = encodeURIComponent;
  return [
    { name: 'WhatsApp', href: `https://wa.me/?text=${encode(`${text} ${url}`)}` },
    { name: 'Telegram', href: `https://t.me/share/url?url=${encode(url)}&text=${encode(text)}` },
    { name: 'X', href: `https://twitter.com/intent/tweet?url=${encode(url)}&text=${encode(text)}` },
    { name: 'Correo', href: `mailto:?subject=${encode('Una anécdota de Vaya día')}&body=${encode(`${text}\n\n${url}`)}` },
  ];
}

/**
 * «Compartir» on a post: the device's own share sheet (Web Share API) where the browser has one (phones);
 * otherwise (desktops) it opens a row of ways to share: «Copiar enlace» (the clipboard, with a Spanish
 * confirmation, or the link shown, selected, to copy by hand where even that is not allowed), and
 * WhatsApp, Telegram, X and e-mail as plain links. Cancelling the share sheet does nothing.
 * A tap kept before the app ran (lib/taps.ts) is carried out by copying: its replay has no user activation.
 */
export function ShareButton({ post }: { post: Post }) {
  const [state, setState] = useState<State>({ step: 'idle' });
  const [open, setOpen] = useState(false);
  const panelId = useId();
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
    if (replayed) return copy();
    if (typeof navigator.share === 'function' && (typeof navigator.canShare !== 'function' || navigator.canShare(data))) {
      try {
        await navigator.share(data);
        return;
      } catch (error) {
        // The reader closed the share sheet: nothing to do. Anything else: offer the other ways instead.
        if (error instanceof DOMException && error.name === 'AbortError') return;
        setOpen(true);
        return;
      }
    }
    setOpen((was) => !was);
  }

  async function copy() {
    const url = postUrl(post);
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
        aria-expanded={open}
        aria-controls={panelId}
        data-intent={intentOf('share', post.id)}
      >
        Compartir
      </button>
      <span id={panelId} className="share__panel" hidden={!open}>
        <button type="button" className="link-button" onClick={() => void copy()}>
          Copiar enlace
        </button>
        {open &&
          shareLinks(post).map((link) => (
            // The services open in a tab of their own; e-mail opens the mail program, no tab.
            <a
              key={link.name}
              className="share__link"
              href={link.href}
              {...(link.href.startsWith('https:') ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
            >
              {link.name}
            </a>
          ))}
      </span>
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
