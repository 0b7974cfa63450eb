import { createContext, useContext, type ReactNode } from 'react';
import type { Comment } from '@contract/comments';
import type { Post } from '@contract/posts';

/**
 * What a post card and a comment show besides their own content — the votes, «Guardar», «Compartir»,
 * «Denunciar», «Suspender autor» — each a feature of its own. Features do not import one another, so
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
};

const NO_PARTS: CardParts = { postVotes: () => null, postActions: () => null, commentActions: () => null };

export const CardPartsContext = createContext<CardParts>(NO_PARTS);

export function useCardParts(): CardParts {
  return useContext(CardPartsContext);
}
