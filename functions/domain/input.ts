/** Input checks shared by the use cases: ids, bodies, page sizes, category filters. */
import * as z from 'zod/mini';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../contract/common';
import { isCategory, type Category } from '../contract/posts';
import { PostNotFoundError, ValidationError } from './errors';

/** Post ids are UUIDs (lowercase, as the server makes them); anything else cannot name a post. */
const POST_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function isPostId(value: unknown): value is string {
  return typeof value === 'string' && POST_ID.test(value);
}

/** A path's post id, or POST_NOT_FOUND: a malformed id names no post, and is never looked up. */
export function postIdFrom(value: string | undefined): string {
  if (!isPostId(value)) throw new PostNotFoundError();
  return value;
}

/** A request body checked against a contract schema (unknown fields dropped), or INVALID_REQUEST. */
export function parseRequest<S extends z.ZodMiniType>(schema: S, body: unknown): z.infer<S> {
  const result = z.safeParse(schema, body);
  if (!result.success) throw new ValidationError('INVALID_REQUEST');
  return result.data;
}

/** `limit` of a paged read: 1–MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE when absent, else INVALID_LIMIT. */
export function parseLimit(raw: string | undefined): number {
  if (raw === undefined) return DEFAULT_PAGE_SIZE;
  if (!/^\d{1,3}$/.test(raw)) throw new ValidationError('INVALID_LIMIT');
  const limit = Number(raw);
  if (limit < 1 || limit > MAX_PAGE_SIZE) throw new ValidationError('INVALID_LIMIT');
  return limit;
}

/**
 * `ids=a,b,…` of a read about many posts (or comments, whose ids have the same shape): 1–`max` ids,
 * repeats dropped, in the order asked; anything else is INVALID_REQUEST. A UUID and its comma are 37
 * characters, so a longer string is refused before it is split.
 */
export function parseIdList(raw: string | undefined, max: number): string[] {
  if (raw === undefined || raw.length > max * 37) throw new ValidationError('INVALID_REQUEST');
  const ids = [...new Set(raw.split(','))];
  if (ids.length === 0 || ids.length > max || !ids.every(isPostId)) throw new ValidationError('INVALID_REQUEST');
  return ids;
}

/** The `category` filter of a list: undefined when absent, else a known category or UNKNOWN_CATEGORY. */
export function parseCategory(raw: string | undefined): Category | undefined {
  if (raw !== undefined && !isCategory(raw)) throw new ValidationError('UNKNOWN_CATEGORY');
  return raw;
}

/**
 * Runs a read-then-conditional-write step until it settles: `attempt` returns a value when done, or
 * `undefined` when the item changed between its read and its write (another request won the race),
 * and then it runs again on a fresh read, after a short random pause so racers spread out.
 */
export async function untilSettled<T>(attempt: () => Promise<T | undefined>, maxAttempts = 40): Promise<T> {
  for (let round = 0; round < maxAttempts; round++) {
    const result = await attempt();
    if (result !== undefined) return result;
    await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(100, 10 + round * 5)));
  }
  throw new Error(`An item kept changing under ${maxAttempts} attempts`);
}
