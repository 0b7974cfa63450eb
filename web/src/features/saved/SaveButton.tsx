import { useState } from 'react';
import { intentOf, isReplayedTap, SAVED_LABEL } from '../../lib/taps';
import { SignInToContinue } from '../../components/SignInToContinue';
import { useSavedPost, type SaveMessage } from './useSaved';

/**
 * «Guardar» / «Guardada» on every card: a toggle (aria-pressed) whose state comes from the page's one
 * `GET /me/saved/ids`, changed at once on a press and put back if the API refuses. Signed out, a press
 * asks to sign in (back here, «¿Guardar esta anécdota ahora?» offered then). A tap before the app can
 * act is kept, and shown «Guardada» at once when a session may be there (lib/taps.ts): `aria-disabled` until then.
 */
export function SaveButton({ postId }: { postId: string }) {
  const state = useSavedPost(postId);
  const [message, setMessage] = useState<SaveMessage | null>(null);
  const saved = state.saved === true;
  return (
    <span className="save">
      <button
        type="button"
        className="link-button save__button"
        aria-pressed={saved}
        aria-busy={state.busy}
        aria-disabled={state.ready ? undefined : true}
        data-intent={intentOf('save', postId)}
        onClick={(event) => {
          if (!state.ready) return;
          if (!state.signedIn) {
            state.forgetKept();
            setMessage({ text: 'Inicia sesión para guardar anécdotas.', signIn: true });
            return;
          }
          setMessage(null);
          // A tap kept from before the page showed «Guardada» only saves (lib/taps.ts).
          state.press(isReplayedTap(event.nativeEvent), setMessage);
        }}
      >
        {saved ? SAVED_LABEL : 'Guardar'}
      </button>
      {message && (
        <span className="save__message" role="status">
          {message.text}{' '}
          {message.signIn && (
            <SignInToContinue offer={() => ({ intent: intentOf('save', postId), question: '¿Guardar esta anécdota ahora?' })} />
          )}
        </span>
      )}
    </span>
  );
}
