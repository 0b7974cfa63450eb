/**
 * How duplicate anecdotes are found (409 DUPLICATE_POST, docs/api.md): each post's text is reduced to
 * a fingerprint (the text rule: functions/contract/fingerprint.ts), and one row per fingerprint names the post that holds it (SubmissionStore), claimed in
 * the same transaction as the post. No scan and no search: a submission costs one read of that row
 * (and of the post it names, when there is one) and one more item in the post's own write.
 */
import type { PostStatus } from '../contract/posts';

/**
 * The statuses whose text a new post may not repeat: waiting, published, or hidden by reports (a
 * moderator may restore it). A rejected or removed post frees its text: it may be sent again.
 */
export const HOLDS_ITS_TEXT: readonly PostStatus[] = ['pending', 'published', 'hidden'];
