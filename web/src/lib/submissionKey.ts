import { useMemo, useRef } from 'react';
import { ApiError } from './api';

export type SubmissionKey = {
  /** The Idempotency-Key of sending `content`: the same while it is sent again unchanged, a new one for new content. */
  keyFor(content: unknown): string;
  /** The submission went through: the next one gets a new key. */
  done(): void;
  /**
   * Sending failed. A refusal the server answered (4xx: a limit, a duplicate, a check) ends the
   * submission, so sending again is decided anew under a new key; a lost answer or a server failure
   * keeps the key, since the write may have been stored.
   */
  failed(error: unknown): void;
};

/**
 * One Idempotency-Key per submission of a form (docs/api.md, «Idempotent writes»): pressing «Enviar» again after a time-out
 * or a lost answer resends the same key, so the API stores the post, comment or report once; editing
 * the text, a success or a refusal starts a new submission.
 */
export function useSubmissionKey(): SubmissionKey {
  const current = useRef<{ content: string; key: string } | null>(null);
  return useMemo(
    () => ({
      keyFor(content) {
        const text = JSON.stringify(content);
        if (current.current?.content !== text) current.current = { content: text, key: crypto.randomUUID() };
        return current.current.key;
      },
      done() {
        current.current = null;
      },
      failed(error) {
        if (error instanceof ApiError && error.status >= 400 && error.status < 500) current.current = null;
      },
    }),
    [],
  );
}
