import { ERRORS } from '@contract/errors';
import { validateCreatePost, type CreatePostRequest } from '@contract/posts';
import type { Category } from '@contract/categories';

/**
 * A post's category and text as the API takes them, after the contract's own checks; null when they
 * fail, once `onInvalid` has been told (in Spanish) what to change.
 */
export function checkedPost(category: Category, text: string, onInvalid: (message: string) => void): CreatePostRequest | null {
  const checked = validateCreatePost({ category, post: text });
  if (checked.ok) return checked.value;
  onInvalid(ERRORS[checked.code].message);
  return null;
}
