import { useEffect, useRef, useState } from 'react';
import { intentOf, isReplayedTap } from '../../lib/taps';
import { SignInToContinue } from '../../components/SignInToContinue';
import { useIsMine } from '../../lib/account';
import type { Post } from '@contract/posts';
import { VOTE_KINDS, VOTE_LABELS, type VoteKind } from '@contract/voteRules';
import { usePostVotes, type VoteMessage } from './useVotes';

/**
 * «¡Vaya día!» and «Te lo mereces» with their counts, on every card. Pressing one votes (pressing the
 * pressed one takes the vote back) and shows it at once; a refusal puts count and button back and says
 * why. The pressed state comes from the page's one `GET /me/votes`.
 * Signed out, the counts show and a press asks to sign in (which brings the person back here and
 * offers that vote again: lib/pendingIntent.ts). On one's own post (lib/account.ts useIsMine) the
 * counts show without buttons: nobody votes their own anecdote (and should the API still refuse one,
 * the card says so). Before the app can take a vote (in the server's HTML, while the session loads) the
 * buttons are `aria-disabled`, not disabled, so a tap on one is kept, shown pressed at once, and carried
 * out then (lib/taps.ts), as a vote given: a kept tap on the vote already given leaves it given.
 */
export function VoteButtons({ post }: { post: Post }) {
  const mine = useIsMine(post.name);
  const votes = usePostVotes(post);
  const [message, setMessage] = useState<VoteMessage | null>(null);
  const [own, setOwn] = useState(false);
  const lastPressed = useRef<VoteKind>('agree');

  const press = (kind: VoteKind, onlyAdd: boolean) => {
    if (!votes.ready) return;
    lastPressed.current = kind;
    if (!votes.signedIn) {
      votes.forgetKept();
      setMessage({ text: 'Inicia sesión para votar.', signIn: true });
      return;
    }
    setMessage(null);
    votes.press(kind, onlyAdd, (refusal, isOwn) => {
      setMessage(refusal);
      if (isOwn) setOwn(true);
    });
  };

  // One's own post: a tap kept on its buttons before the page knew whose it was is not carried out.
  useEffect(() => {
    if (mine) votes.forgetKept();
  });

  if (mine || own) {
    return (
      <div className="votes votes--own" role="group" aria-label="Votos de tu anécdota">
        {VOTE_KINDS.map((kind) => (
          <span key={kind} className={`vote-tally vote-tally--${kind}`}>
            <span className="vote-button__label">{VOTE_LABELS[kind]}</span> <span className="vote-button__count">{votes.counts[kind]}</span>
          </span>
        ))}
        {message && (
          <p className="votes__message" role="status">
            {message.text}
          </p>
        )}
      </div>
    );
  }

  return (
    <div className="votes" role="group" aria-label="Votos">
      {VOTE_KINDS.map((kind) => (
        <button
          key={kind}
          type="button"
          className={`vote-button vote-button--${kind}`}
          aria-pressed={votes.mine === kind}
          aria-busy={votes.busy}
          aria-disabled={votes.ready ? undefined : true}
          data-intent={intentOf(`vote-${kind}`, post.id)}
          // A tap kept from before the page showed the vote only adds it (lib/taps.ts).
          onClick={(event) => press(kind, isReplayedTap(event.nativeEvent))}
        >
          <span className="vote-button__label">{VOTE_LABELS[kind]}</span> <span className="vote-button__count">{votes.counts[kind]}</span>
        </button>
      ))}
      {message && (
        <p className="votes__message" role="status">
          {message.text}{' '}
          {message.signIn && (
            <SignInToContinue
              offer={() => ({
                intent: intentOf(`vote-${lastPressed.current}`, post.id),
                question: `¿Votar «${VOTE_LABELS[lastPressed.current]}» ahora?`,
              })}
            />
          )}
        </p>
      )}
    </div>
  );
}
