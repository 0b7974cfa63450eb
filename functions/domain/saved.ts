/**
 * «Guardadas» (docs/api.md): a signed-in reader keeps published posts to read later. Only
 * a published post can be saved; saving it again (or twenty times at once) keeps one row, with its
 * first time. The list is newest saved first, and a post that is no longer public (removed, hidden by
 * reports) drops out of it when read — its row stays, so a restored post comes back in its place.
 */
import type { PostPage } from '../contract/posts';
import { MAX_SAVED_IDS, type SavedIds } from '../contract/saved';
import type { Caller } from './author';
import { timeOf } from './clock';
import { encodeCursor, resumeAfter, type PageParams } from './cursor';
import { PostNotFoundError, TooManyChangesError } from './errors';
import { parseIdList, parseLimit, postIdFrom } from './input';
import { publicPost } from './lifecycle';
import type { ActionCounter, PostRepository, StoredPost } from './ports/posts';
import type { SavedStore } from './ports/saved';

export type SaveDeps = { posts: PostRepository; saved: SavedStore; toggles: ActionCounter; now?: () => Date };

/** A save or unsave counts towards TOGGLE_RATE_LIMIT: TOO_MANY_CHANGES past it. */
async function countToggle(deps: SaveDeps, caller: Caller): Promise<void> {
  if (!(await deps.toggles.take(caller.id, timeOf(deps)))) throw new TooManyChangesError();
}

/** `PUT /posts/{id}/save`: POST_NOT_FOUND unless the post is published. */
export async function savePost(deps: SaveDeps, caller: Caller, id: string | undefined): Promise<void> {
  const postId = postIdFrom(id);
  const post = await deps.posts.get(postId);
  if (!post || post.status !== 'published') throw new PostNotFoundError();
  await countToggle(deps, caller);
  await deps.saved.save(caller.id, postId, timeOf(deps));
}

/**
 * `DELETE /posts/{id}/save`: forgets the post (nothing happens when it was not saved); POST_NOT_FOUND
 * when the post is not published — its row is forgotten all the same, so nothing of it is kept.
 */
export async function unsavePost(deps: SaveDeps, caller: Caller, id: string | undefined): Promise<void> {
  const postId = postIdFrom(id);
  await countToggle(deps, caller);
  await deps.saved.unsave(caller.id, postId);
  const post = await deps.posts.get(postId);
  if (!post || post.status !== 'published') throw new PostNotFoundError();
}

/** `GET /me/saved/ids?ids=a,b,…` (≤ 100): those of the ids the caller saved, in the order asked. */
export async function readSavedIds(deps: { saved: SavedStore }, caller: Caller, params: { ids?: string }): Promise<SavedIds> {
  const ids = parseIdList(params.ids, MAX_SAVED_IDS);
  const saved = await deps.saved.savedOf(caller.id, ids);
  return { ids: ids.filter((id) => saved.has(id)) };
}

/**
 * `GET /me/saved?cursor=&limit=`: one Query of the caller's saved rows (newest saved first), one
 * BatchGetItem of their posts; posts no longer public are left out (a page may then be shorter).
 */
export async function readSaved(deps: { saved: SavedStore }, caller: Caller, params: PageParams): Promise<PostPage> {
  const { entries, hasMore } = await deps.saved.page(caller.id, parseLimit(params.limit), resumeAfter(params));
  const posts = await deps.saved.posts(entries.map((entry) => entry.postId));
  const items = entries
    .map((entry) => posts.get(entry.postId))
    .filter((post): post is StoredPost => post?.status === 'published')
    .map(publicPost);
  const last = entries.at(-1);
  return { items, nextCursor: hasMore && last ? encodeCursor(last.savedKey) : null };
}
