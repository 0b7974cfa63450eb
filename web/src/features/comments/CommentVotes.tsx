import type { useCommentVotes } from './useCommentVotes';

/**
 * «+1» and «−1» under a comment, each with its count. Buttons for a signed-in reader on someone
 * else's comment (pressed state from the cache; a tap answers at once), plain counts otherwise.
 * A button's name is its visible words («+1 3»), as the post's vote buttons, so speech input finds it
 * by what it shows; the plain counts say in words what the signs mean.
 */
export function CommentVotes({ votes, canVote }: { votes: ReturnType<typeof useCommentVotes>; canVote: boolean }) {
  const { counts, mine, press, error } = votes;
  if (!canVote) {
    return (
      <span className="comment-votes comment-votes--counts">
        <span className="visually-hidden">
          {counts.up} a favor, {counts.down} en contra
        </span>
        <span aria-hidden="true">+1 · {counts.up}</span>
        <span aria-hidden="true">−1 · {counts.down}</span>
      </span>
    );
  }
  return (
    <span className="comment-votes" role="group" aria-label="Votar el comentario">
      <button type="button" className="comment-votes__button" aria-pressed={mine === 'up'} onClick={() => press('up')}>
        +1 <span className="comment-votes__count">{counts.up}</span>
      </button>
      <button type="button" className="comment-votes__button" aria-pressed={mine === 'down'} onClick={() => press('down')}>
        −1 <span className="comment-votes__count">{counts.down}</span>
      </button>
      {error && <span role="alert">{error}</span>}
    </span>
  );
}
