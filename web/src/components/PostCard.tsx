import { memo, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Post } from '@contract/posts';
import { AuthorName } from './AuthorName';
import { useCardParts } from './cardParts';
import { LocalTime } from './LocalTime';

type Props = {
  post: Post;
  /** Heading level of the card's title, so the page outline stays correct (h2 in a feed, h1 alone). */
  headingLevel?: 'h1' | 'h2';
  /** Whether the text links to the post's own page. */
  linkToPost?: boolean;
  /**
   * How the text is shown when not as it is: a search marks the words that match (components/HighlightedText,
   * given by the search page, so the feeds' script carries no stemmer).
   */
  renderText?: (text: string) => ReactNode;
};

/**
 * One published anecdote: who, when it was published, which category, and the text (always as
 * text, never as HTML); a permalink and its comment count (a link to its page); and what the app puts in
 * its slots (cardParts.ts): the votes, «Guardar», «Compartir», «Denunciar», for moderators «Suspender autor».
 *
 * Memoised: a feed re-renders when its own state changes (the live socket's status, a page loaded), and a
 * card whose post is the same object need not (ten to twenty cards of ~16 components each, on a slow phone
 * right after the take-over). What a card shows besides its post comes from contexts, which reach it anyway.
 */
export const PostCard = memo(function PostCard({ post, headingLevel: Heading = 'h2', linkToPost = true, renderText }: Props) {
  const parts = useCardParts();
  return parts.fold(
    post.name,
    'post',
    <article className="post-card" aria-labelledby={`post-${post.id}-title`}>
      <Heading id={`post-${post.id}-title`} className="post-card__meta">
        <span className="post-card__label">Publicado por</span> <AuthorName className="post-card__author" name={post.name} />
      </Heading>
      <p className="post-card__details">
        <LocalTime iso={post.publishedAt} />
        <span aria-hidden="true"> · </span>
        <span className="post-card__label">Categoria</span>{' '}
        <Link className="tag" to={`/category/${post.category}`}>
          {post.category}
        </Link>
      </p>
      <p className="post-card__text">{renderText ? renderText(post.post) : post.post}</p>
      {parts.postVotes(post)}
      <div className="post-card__actions">
        {linkToPost && (
          <Link to={`/post/${encodeURIComponent(post.id)}`} aria-label={`Enlace permanente a la anécdota de ${post.name}`}>
            Enlace permanente
          </Link>
        )}
        {linkToPost && (
          <Link to={`/post/${encodeURIComponent(post.id)}`}>{post.comments === 1 ? '1 comentario' : `${post.comments} comentarios`}</Link>
        )}
        {parts.postActions(post)}
      </div>
    </article>,
  );
});
