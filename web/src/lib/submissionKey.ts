import { useMemo, useRef } from 'react';

export type SubmissionKey = {
  /** The Idempotency-Key of sending `content`: the same while it is sent again unchanged, a new one for new content. */
  keyFor(content: unknown): string;
  /** The submission went through: the next one gets a new key. */
  done(): void;
};

/**
 * One Idempotency-Key per submission of a form (docs/api.md, «Idempotent writes»): pressing «Enviar» again after a time-out
 * or a lost answer resends the same key, so the API stores the post, comment or report once; editing
 * the text, or a success, starts a new submission.
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
    }),
    [],
  );
}
