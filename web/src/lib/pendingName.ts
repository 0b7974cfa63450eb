/**
 * The apodo typed at registration, kept until it is claimed: the confirmation code may be
 * entered later, from `/login` or in another tab, where the registration form and its state are gone.
 * Kept in localStorage (every tab of this browser) by the account's e-mail, for
 * {@link PENDING_NAME_TTL_MS}; claimed by app/KeptIntents.tsx when that account is signed in without
 * an apodo, and offered, prefilled, by the apodo prompt when it could not be claimed (taken meanwhile).
 */

import { useMutation } from '@tanstack/react-query';
import { useApi } from './api';

const KEY = 'vaya-dia:apodo';

/** A week: longer than a confirmation code lives. */
export const PENDING_NAME_TTL_MS = 7 * 24 * 60 * 60_000;

type Kept = { email: string; name: string; at: number };

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

const normalEmail = (email: string) => email.trim().toLowerCase();

/** Keeps the apodo chosen for `email` until it is claimed. */
export function rememberName(email: string, name: string, now = Date.now()): void {
  try {
    storage()?.setItem(KEY, JSON.stringify({ email: normalEmail(email), name, at: now } satisfies Kept));
  } catch {
    // Storage refused: the apodo prompt asks for it instead.
  }
}

/** The apodo kept for `email`, if any and fresh. */
export function pendingNameFor(email: string | null | undefined, now = Date.now()): string | null {
  if (!email) return null;
  let kept: unknown;
  try {
    kept = JSON.parse(storage()?.getItem(KEY) ?? 'null');
  } catch {
    kept = null;
  }
  if (typeof kept !== 'object' || kept === null) return null;
  const { email: keptEmail, name, at } = kept as Partial<Kept>;
  if (typeof keptEmail !== 'string' || typeof name !== 'string' || typeof at !== 'number') return null;
  if (now - at > PENDING_NAME_TTL_MS) {
    forgetName();
    return null;
  }
  return keptEmail === normalEmail(email) ? name : null;
}

/** The apodo was claimed (or another chosen): nothing more to keep. */
export function forgetName(): void {
  try {
    storage()?.removeItem(KEY);
  } catch {
    // nothing kept
  }
}

/**
 * Claims the apodo kept at registration (`PUT /me/name`): once stored it is no longer kept. A failure
 * (taken meanwhile, refused) keeps it, for the apodo prompt to offer prefilled.
 */
export function useClaimName() {
  const api = useApi();
  return useMutation({
    mutationFn: (name: string) => api.call('accounts.setName', { body: { name } }),
    onSuccess: () => forgetName(),
  });
}
