import { useLocation } from 'react-router-dom';
/**
 * Where sign-in takes a person back to: the `?next=` of `/login` and `/register` (and the path a
 * Google sign-in carries through Cognito as its state). Only a path of this site is ever followed,
 * never an address a link could choose (an open redirect): anything else means the home page.
 */

/** The query parameter of `/login` and `/register` that names the page to return to. */
export const NEXT_PARAM = 'next';

/** The pages sign-in itself happens on: never a place to return to (it would loop). */
const SIGN_IN_PAGES = new Set(['/login', '/register']);

/** A length no page of the site needs; longer is refused rather than cut. */
const MAX_LENGTH = 1000;

const BASE = 'https://vaya-dia.invalid';

/**
 * `raw` when it is a path of this site (as `/post/abc?x=1#c`), normalised; otherwise null. Refused:
 * anything not starting with one `/` (`https:`, `javascript:`, relative paths), `//host` and `/\host`
 * (browsers read both as another host), any backslash, control character or whitespace (browsers drop
 * tabs and newlines, so `/\t/host` would become `//host`), and the sign-in pages themselves.
 */
export function safeNextPath(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_LENGTH) return null;
  if (!raw.startsWith('/') || raw.startsWith('//')) return null;
  if (/[\\\s]/.test(raw) || [...raw].some(isControl)) return null;
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  if (SIGN_IN_PAGES.has(url.pathname.replace(/\/+$/, '') || '/')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** C0 and C1 control characters (and DEL): never part of an address a person typed or a link meant. */
function isControl(character: string): boolean {
  const code = character.codePointAt(0) ?? 0;
  return code < 0x20 || (code >= 0x7f && code <= 0x9f);
}

/** The page to go to after signing in, from a sign-in page's query string: `?next=` when safe, else `/`. */
export function nextFromSearch(search: string): string {
  return safeNextPath(new URLSearchParams(search).get(NEXT_PARAM)) ?? '/';
}

/**
 * The address of a sign-in page (`/login` or `/register`) that returns to `here` (path, query and
 * hash of the page the person is on); just the page when `here` is home, a sign-in page or unsafe.
 */
export function signInHref(page: '/login' | '/register', here: string): string {
  const next = safeNextPath(here);
  return next && next !== '/' ? `${page}?${NEXT_PARAM}=${encodeURIComponent(next)}` : page;
}

/**
 * The page the person is on, as a sign-in page's `?next=` names it: path and query, not the hash,
 * which the server never sees (its HTML and the render that takes it over must say the same).
 */
export function useHere(): string {
  const { pathname, search } = useLocation();
  return `${pathname}${search}`;
}

/** `/login` (or `/register`) returning to the page the person is on. */
export function useSignInHref(page: '/login' | '/register' = '/login'): string {
  return signInHref(page, useHere());
}
