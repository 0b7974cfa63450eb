/**
 * A small form's own buttons: the submit button (saying `sendingText` while the form is sent) and
 * «Cancelar», both off while it is sent.
 */
export function SendOrCancel({
  sending,
  text,
  sendingText,
  className,
  onCancel,
}: {
  sending: boolean;
  text: string;
  sendingText: string;
  /** The submit button's classes. */
  className: string;
  onCancel: () => void;
}) {
  return (
    <>
      <button type="submit" className={className} disabled={sending} aria-busy={sending}>
        {sending ? sendingText : text}
      </button>
      <button type="button" className="link-button" onClick={onCancel} disabled={sending}>
        Cancelar
      </button>
    </>
  );
}
