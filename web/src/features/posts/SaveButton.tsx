import { useEffect } from 'react';
import { intentOf, isReplayedTap } from '../../lib/taps';
import { SignInToContinue } from './SignInToContinue';
import { useSavedBook, useSavedEntry, useSavedReady } from './saved';

/**
 * «Guardar» / «Guardada» on every card: a toggle (aria-pressed) whose state comes from the page's one
 * `GET /me/saved/ids`. Signed out, a press asks to sign in (back here, «¿Guardar esta anécdota
 * ahora?» offered then). A tap before the app can act is kept (lib/taps.ts): `aria-disabled` until then.
 */
export function SaveButton({ postId }: { postId: string }) {
  const book = useSavedBook();
  const entry = useSavedEntry(postId);
  const ready = useSavedReady();
  useEffect(() => {
    if (!book) return;
    book.show(postId);
    return () => book.unwatch(postId);
  }, [book, postId]);
  if (!book) return null;
  const saved = entry.saved === true;
  return (
    <span className="save">
      <button
        type="button"
        className="link-button save__button"
        aria-pressed={saved}
        aria-busy={entry.busy === true}
        aria-disabled={ready ? undefined : true}
        data-intent={intentOf('save', postId)}
        onClick={(event) => {
          // A tap kept from before the page showed «Guardada» only saves (lib/taps.ts).
          if (ready) void book.toggle(postId, { onlyAdd: isReplayedTap(event.nativeEvent) });
        }}
      >
        {saved ? 'Guardada' : 'Guardar'}
      </button>
      {entry.message && (
        <span className="save__message" role="status">
          {entry.message.text}{' '}
          {entry.message.signIn && (
            <SignInToContinue offer={() => ({ intent: intentOf('save', postId), question: '¿Guardar esta anécdota ahora?' })} />
          )}
        </span>
      )}
    </span>
  );
}
