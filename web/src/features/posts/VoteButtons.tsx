import { useEffect, useRef } from 'react';
import { intentOf, isReplayedTap } from '../../lib/taps';
import { SignInToContinue } from './SignInToContinue';
import { type Post } from '@contract/posts';
import { VOTE_KINDS, VOTE_LABELS, type VoteKind } from '@contract/votes';
import { useVoteBook, useVoteEntry, useVotesReady, type VoteBook, type VoteEntry } from './votes';

/**
 * «¡Vaya día!» and «Te lo mereces» with their counts, on every card. Pressing one votes (pressing the
 * pressed one takes the vote back); the pressed state comes from the page's one `GET /me/votes`.
 * Signed out, the counts show and a press asks to sign in (which brings the person back here and
 * offers that vote again: lib/pendingIntent.ts); on one's own post the API says so and the card tells
 * the person. Before the app can take a vote (in the server's HTML, while the session loads) the
 * buttons are `aria-disabled`, not disabled, so a tap on one is kept and carried out then (lib/taps.ts),
 * as a vote given: a kept tap on the vote already given leaves it given.
 */
export function VoteButtons({ post }: { post: Post }) {
  const book = useVoteBook();
  const entry = useVoteEntry(post.id);
  const { agree, deserved } = post.votes;
  useEffect(() => {
    book?.fresh(post.id);
  }, [book, post.id, agree, deserved]);
  useEffect(() => {
    if (!book) return;
    book.show(post.id);
    return () => book.unwatch(post.id);
  }, [book, post.id]);
  const ready = useVotesReady();

  const counts = entry.counts ?? post.votes;
  const lastPressed = useRef<VoteKind>('agree');
  return (
    <div className="votes" role="group" aria-label="Votos">
      {VOTE_KINDS.map((kind) => (
        <VoteButton
          key={kind}
          kind={kind}
          count={counts[kind]}
          entry={entry}
          book={ready ? book : null}
          postId={post.id}
          onPress={() => (lastPressed.current = kind)}
        />
      ))}
      {entry.message && (
        <p className="votes__message" role="status">
          {entry.message.text}{' '}
          {entry.message.signIn && (
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

function VoteButton({
  kind,
  count,
  entry,
  book,
  postId,
  onPress,
}: {
  kind: VoteKind;
  count: number;
  entry: VoteEntry;
  book: VoteBook | null;
  postId: string;
  onPress: () => void;
}) {
  const pressed = entry.mine === kind;
  return (
    <button
      type="button"
      className={`vote-button vote-button--${kind}`}
      aria-pressed={pressed}
      aria-busy={entry.busy === true}
      aria-disabled={book ? undefined : true}
      disabled={entry.own === true}
      data-intent={intentOf(`vote-${kind}`, postId)}
      onClick={(event) => {
        if (!book) return;
        onPress();
        // A tap kept from before the page showed the vote only adds it (lib/taps.ts).
        void book.toggle(postId, kind, { onlyAdd: isReplayedTap(event.nativeEvent) });
      }}
    >
      <span className="vote-button__label">{VOTE_LABELS[kind]}</span> <span className="vote-button__count">{count}</span>
    </button>
  );
}
