/**
 * Mentions (docs/api.md): `@apodo` in a new visible comment notifies the account holding that apodo
 * now (`comment.mention`, one per comment and account). The candidates are the comment's first
 * MAX_MENTIONS distinct names (contract/mentions.ts), matched by their unique key as apodos are (case,
 * accents, look-alike letters; `_` also read as a space, as «Responder» writes an apodo with spaces), so
 * at most twice that many look-ups a comment; a name nobody holds, an
 * apodo left by a rename, the writer's own apodo and an account that blocked the writer get nothing;
 * nor does the author a reply answers, whom `comment.reply` already tells (a reply written with
 * «Responder» starts with their `@apodo`: one notice, not two).
 * The notification's key is the comment's, so a stream record delivered twice notifies once.
 */
import { nameKey } from '../contract/apodos';
import { mentionSpellings, mentionedNames } from '../contract/mentions';
import { addAndSend, answeredBy, notificationKey, reachesOwner, type NotifyDeps } from './notifications';
import type { NamedAccount } from './ports/authors';
import type { BlockStore } from './ports/blocks';
import type { CommentStore } from './ports/comments';
import type { StoredComment } from './ports/comments';

export type MentionDeps = NotifyDeps & {
  blocks: Pick<BlockStore, 'isBlocked' | 'accountByNameKey'>;
  comments: Pick<CommentStore, 'get'>;
};

/** Notifies the accounts the comments mention; how many notifications were made. */
export async function notifyMentions(deps: MentionDeps, comments: readonly StoredComment[]): Promise<number> {
  let made = 0;
  for (const comment of comments) {
    let answered: Promise<StoredComment | undefined> | undefined;
    for (const name of mentionedNames(comment.text, nameKey)) {
      const account = await holderOf(deps, name);
      if (!account || account.formerUntil !== undefined || account.userId === comment.authorId) continue;
      answered ??= answeredBy(deps, comment);
      if ((await answered)?.authorId === account.userId) continue;
      if (!(await reachesOwner(deps, account.userId, comment.authorId))) continue;
      const added = await addAndSend(deps, {
        accountId: account.userId,
        key: notificationKey.mention(comment.id),
        type: 'comment.mention',
        postId: comment.postId,
        createdAt: comment.createdAt,
        read: false,
        name: comment.name,
        version: 1,
      });
      if (added) made++;
    }
  }
  return made;
}

/** The account a candidate names: the first of its spellings (contract `mentionSpellings`) someone holds. */
async function holderOf(deps: MentionDeps, name: string): Promise<NamedAccount | undefined> {
  for (const spelling of mentionSpellings(name)) {
    const account = await deps.blocks.accountByNameKey(nameKey(spelling));
    if (account) return account;
  }
  return undefined;
}
