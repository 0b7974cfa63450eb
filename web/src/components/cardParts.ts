import { createContext, useContext, type ReactNode } from 'react';
import type { Comment } from '@contract/comments';
import type { Post } from '@contract/posts';

/**
 * What a post card and a comment show besides their own content — the votes, «Guardar», «Compartir»,
 * «Denunciar», «Suspender autor», «Bloquear» and the fold of a blocked author, mentions — each a feature of its own. Features do not import one another, so
 * the app composes them into the cards through this slot (app/cardParts.tsx, given by AppProviders on
 * the server and in the browser alike). Without a provider the cards show their content alone.
 */
export type CardParts = {
  /** Under a post's text. */
  postVotes(post: Post): ReactNode;
  /** In a post card's row of actions, after its links. */
  postActions(post: Post): ReactNode;
  /** Under a comment. */
  commentActions(comment: Comment): ReactNode;
  /**
   * A post card or a comment (`content`, whole) as the reader sees it: folded when its author is one
   * the reader blocked. A folded comment is its list's item, as the comment's own is.
   */
  fold(name: string, kind: 'post' | 'comment', content: ReactNode): ReactNode;
  /** A comment's text: its mentions (`@apodo`) as links. */
  commentText(text: string): ReactNode;
  /** On an author's page, under who they are («Bloquear»). */
  authorActions(name: string): ReactNode;
};

const NO_PARTS: CardParts = {
  postVotes: () => null,
  postActions: () => null,
  commentActions: () => null,
  fold: (_name, _kind, content) => content,
  commentText: (text) => text,
  authorActions: () => null,
};

export const CardPartsContext = createContext<CardParts>(NO_PARTS);

export function useCardParts(): CardParts {
  return useContext(CardPartsContext);
}
