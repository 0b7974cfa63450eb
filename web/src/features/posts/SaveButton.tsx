import { useEffect, useSyncExternalStore } from 'react';
import { Link } from 'react-router-dom';
import { useSavedBook, type SavedEntry } from './saved';

const NO_ENTRY: SavedEntry = {};
const noSubscription = () => () => undefined;

/**
 * «Guardar» / «Guardada» on every card: a toggle (aria-pressed) whose state comes from the page's one
 * `GET /me/saved/ids`. Signed out, a press asks to sign in.
 */
export function SaveButton({ postId }: { postId: string }) {
  const book = useSavedBook();
  const entry = useSyncExternalStore(
    book ? book.subscribe : noSubscription,
    () => (book ? book.entry(postId) : NO_ENTRY),
    () => NO_ENTRY,
  );
  const ready = useSyncExternalStore(
    book ? book.subscribe : noSubscription,
    () => book?.ready() ?? false,
    () => false,
  );
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
        disabled={!ready}
        onClick={() => void book.toggle(postId)}
      >
        {saved ? 'Guardada' : 'Guardar'}
      </button>
      {entry.message && (
        <span className="save__message" role="status">
          {entry.message.text} {entry.message.signIn && <Link to="/login">Iniciar sesión</Link>}
        </span>
      )}
    </span>
  );
}
