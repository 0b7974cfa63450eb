import type { CardParts } from '../components/cardParts';
import { BlockButton } from '../features/blocks/BlockButton';
import { BlockedFold } from '../features/blocks/BlockedFold';
import { MentionText } from '../features/mentions/MentionText';
import { SuspendAuthorControl } from '../features/moderators/SuspendAuthorControl';
import { ShareButton } from '../features/posts/ShareButton';
import { ReportControl } from '../features/reports/ReportControl';
import { SaveButton } from '../features/saved/SaveButton';
import { VoteButtons } from '../features/votes/VoteButtons';

/**
 * The features a card shows besides its own content (components/cardParts.ts). One object for the
 * app's life: the cards read it from a context, and a new one would re-render every card.
 */
export const CARD_PARTS: CardParts = {
  postVotes: (post) => <VoteButtons post={post} />,
  postActions: (post) => (
    <>
      <SaveButton postId={post.id} />
      <ShareButton post={post} />
      <ReportControl postId={post.id} author={post.name} />
      <SuspendAuthorControl target={{ kind: 'post', id: post.id }} author={post.name} />
    </>
  ),
  commentActions: (comment) => (
    <>
      <ReportControl target={{ kind: 'comment', id: comment.id }} author={comment.name} />
      <SuspendAuthorControl target={{ kind: 'comment', id: comment.id }} author={comment.name} />
      <BlockButton name={comment.name} />
    </>
  ),
  fold: (name, kind, content) => (
    <BlockedFold name={name} kind={kind}>
      {content}
    </BlockedFold>
  ),
  commentText: (text) => <MentionText text={text} />,
  authorActions: (name) => <BlockButton name={name} />,
};
