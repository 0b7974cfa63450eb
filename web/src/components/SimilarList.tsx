import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Post } from '@contract/posts';
import { LocalTime } from './LocalTime';

type Props = {
  posts: readonly Post[];
  /** Heading level, so the page outline stays correct (h2 under a page's h1, h3 inside a card). */
  headingLevel?: 'h2' | 'h3';
  /** What the list is for, said under the title (the writer may still send; a voter may reject it as repeated). */
  children?: ReactNode;
  /** What may be done about them, after the list. */
  footer?: ReactNode;
};

/**
 * «¿Se parece a alguna de estas?»: published anecdotes that share most of a text's words, each text a
 * link to its page (a large target on a phone). Shown to a writer under the new-post form and to a voter
 * under the post being judged; the text is rendered as text, never as HTML.
 */
export function SimilarList({ posts, headingLevel: Heading = 'h2', children, footer }: Props) {
  const titleId = useId();
  return (
    <section className="similar" aria-labelledby={titleId}>
      <Heading id={titleId} className="similar__title">
        ¿Se parece a alguna de estas?
      </Heading>
      {children}
      <ul className="similar__list">
        {posts.map((post) => (
          <li key={post.id} className="similar__item">
            <Link className="similar__link" to={`/post/${encodeURIComponent(post.id)}`}>
              {post.post}
            </Link>
            <p className="similar__meta">
              {post.name}
              <span aria-hidden="true"> · </span>
              <LocalTime iso={post.publishedAt} />
            </p>
          </li>
        ))}
      </ul>
      {footer}
    </section>
  );
}
