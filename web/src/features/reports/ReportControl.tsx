import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useIsMine } from '../../lib/account';
import { intentOf } from '../../lib/taps';

/** What is reported: a post, or one comment. */
export type ReportTarget = { kind: 'post'; id: string } | { kind: 'comment'; id: string };

// The form is its own script, loaded on the first tap: most readers never report anything.
const ReportForm = lazy(() => import('./ReportForm'));

/**
 * «Denunciar» on a published post or a comment: a button that opens the report form (ReportForm.tsx)
 * in its place; while the form's script arrives the button stays, busy. Reporting needs an account:
 * the form asks a signed-out reader to sign in first. Focus returns to «Denunciar» when the form closes.
 * Not offered on one's own post or comment (`author`, its signature: lib/account.ts useIsMine).
 */
export function ReportControl(props: ({ postId: string } | { target: ReportTarget }) & { author?: string }) {
  const target: ReportTarget = 'target' in props ? props.target : { kind: 'post', id: props.postId };
  const own = useIsMine(props.author ?? '');
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  /** Set when the form closes, so the next render gives focus back to the button. */
  const refocus = useRef(false);

  useEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    opener.current?.focus();
  });

  const button = (loading: boolean) => (
    <button
      ref={opener}
      type="button"
      className="link-button"
      onClick={() => setOpen(true)}
      disabled={loading}
      aria-busy={loading || undefined}
      data-intent={intentOf(target.kind === 'post' ? 'report' : 'report-comment', target.id)}
    >
      Denunciar
    </button>
  );
  if (own) return null;
  if (!open) return button(false);
  return (
    <Suspense fallback={button(true)}>
      <ReportForm
        target={target}
        onClose={() => {
          refocus.current = true;
          setOpen(false);
        }}
      />
    </Suspense>
  );
}
