import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PERMANENT_SUSPENSION } from '@contract/accountRules';
import { MAX_SUSPENSION_DAYS, MAX_SUSPENSION_REASON_LENGTH, type Suspension, type SuspensionRequest } from '@contract/moderation';
import { LocalTime } from '../../components/LocalTime';
import { SendOrCancel } from '../../components/SendOrCancel';
import { ApiError, errorMessage, useApi } from '../../lib/api';
import { queryKeys } from '../../lib/queries';
import type { SuspendTarget } from './SuspendAuthorControl';

const DAYS_ERROR = `Indica un número entero de días entre 1 y ${MAX_SUSPENSION_DAYS}, o marca «Para siempre».`;
const REASON_ERROR = `Escribe el motivo (hasta ${MAX_SUSPENSION_REASON_LENGTH} caracteres).`;
const MODERATOR_AUTHOR =
  'No puedes suspender esta cuenta: quien la usa también modera (o es la tuya). Una cuenta de moderación solo se retira desde el grupo de Cognito.';

/** The days typed, as the API takes them: a whole number 1–365, or null for good; undefined when invalid. */
export function parseDays(text: string, forever: boolean): number | null | undefined {
  if (forever) return null;
  if (!/^\s*\d+\s*$/.test(text)) return undefined;
  const days = Number(text);
  return days >= 1 && days <= MAX_SUSPENSION_DAYS ? days : undefined;
}

type Errors = { days?: string; reason?: string; api?: string };

/**
 * The button and its small form: days (1–365) or «Para siempre», and a reason (1–300 characters).
 * Opening it moves focus to its first field; Escape or «Cancelar» closes it and focus goes back to
 * the button. The API's refusals are said in Spanish (an author who moderates, a suspension already
 * in force); a suspension made is confirmed in place.
 */
export default function SuspendAuthorForm({ target, author }: { target: SuspendTarget; author: string }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [days, setDays] = useState('7');
  const [forever, setForever] = useState(false);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState<Suspension | null>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const daysField = useRef<HTMLInputElement>(null);
  const reasonField = useRef<HTMLTextAreaElement>(null);
  const doneMessage = useRef<HTMLParagraphElement>(null);
  const returnFocus = useRef(false);
  const id = useId();

  useEffect(() => {
    if (open) daysField.current?.focus();
    else if (returnFocus.current) {
      returnFocus.current = false;
      trigger.current?.focus();
    }
  }, [open]);
  useEffect(() => {
    if (done) doneMessage.current?.focus();
  }, [done]);

  function close() {
    returnFocus.current = true;
    setOpen(false);
    setErrors({});
  }

  function onKeyDown(event: KeyboardEvent<HTMLFormElement>) {
    if (event.key !== 'Escape' || sending) return;
    event.preventDefault();
    event.stopPropagation();
    close();
  }

  const suspend = useMutation({
    mutationFn: (request: SuspensionRequest) => api.call('moderation.suspend', { body: request }),
    onSuccess: (suspension) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.suspensions });
      void queryClient.invalidateQueries({ queryKey: queryKeys.moderationLog });
      setOpen(false);
      setDone(suspension);
    },
    onError: (error) => {
      const forbidden = error instanceof ApiError && error.code === 'FORBIDDEN';
      setErrors({ api: forbidden ? MODERATOR_AUTHOR : errorMessage(error) });
    },
    onSettled: () => setSending(false),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const chosenDays = parseDays(days, forever);
    const found: Errors = {};
    if (chosenDays === undefined) found.days = DAYS_ERROR;
    if (reason.trim() === '' || reason.length > MAX_SUSPENSION_REASON_LENGTH) found.reason = REASON_ERROR;
    setErrors(found);
    if (found.days || found.reason) {
      (found.days ? daysField : reasonField).current?.focus();
      return;
    }
    setSending(true);
    suspend.mutate({
      ...(target.kind === 'post' ? { postId: target.id } : { commentId: target.id }),
      days: chosenDays ?? null,
      reason: reason.trim(),
    });
  }

  if (done) {
    return (
      <p ref={doneMessage} className="suspend__done" role="status" tabIndex={-1}>
        {done.until === PERMANENT_SUSPENSION ? (
          <>Cuenta de «{done.name}» suspendida para siempre.</>
        ) : (
          <>
            Cuenta de «{done.name}» suspendida hasta el <LocalTime iso={done.until} />.
          </>
        )}
      </p>
    );
  }

  const formId = `${id}-form`;
  const describe = (...ids: (string | false)[]) => ids.filter(Boolean).join(' ') || undefined;
  return (
    <>
      <button
        ref={trigger}
        type="button"
        className="link-button link-button--danger"
        aria-expanded={open}
        aria-controls={open ? formId : undefined}
        onClick={() => (open ? close() : setOpen(true))}
      >
        Suspender autor
      </button>
      {open && (
        // Escape from any of the form's own controls closes it (the disclosure pattern): the key events
        // bubble up from those interactive controls, the form itself takes no clicks.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
        <form id={formId} className="suspend" aria-labelledby={`${id}-title`} noValidate onSubmit={submit} onKeyDown={onKeyDown}>
          <p id={`${id}-title`} className="suspend__title">
            Suspender a «{author}»
          </p>
          <p id={`${id}-hint`} className="suspend__hint">
            No podrá publicar, votar, comentar ni denunciar mientras dure; sus anécdotas pendientes salen de la cola.
          </p>
          <div className="suspend__duration">
            <label htmlFor={`${id}-days`}>Días (1–{MAX_SUSPENSION_DAYS})</label>
            <input
              ref={daysField}
              id={`${id}-days`}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              size={4}
              value={days}
              disabled={forever}
              onChange={(event) => setDays(event.target.value)}
              aria-invalid={errors.days ? true : undefined}
              aria-describedby={describe(`${id}-hint`, errors.days !== undefined && `${id}-days-error`)}
            />
            <label className="suspend__forever">
              <input type="checkbox" checked={forever} onChange={(event) => setForever(event.target.checked)} />
              Para siempre
            </label>
          </div>
          {errors.days && (
            <p id={`${id}-days-error`} className="suspend__error">
              {errors.days}
            </p>
          )}
          <label htmlFor={`${id}-reason`}>Motivo</label>
          <textarea
            ref={reasonField}
            id={`${id}-reason`}
            rows={3}
            maxLength={MAX_SUSPENSION_REASON_LENGTH}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={describe(`${id}-count`, errors.reason !== undefined && `${id}-reason-error`)}
          />
          <p id={`${id}-count`} className="suspend__count">
            {`${reason.length}/${MAX_SUSPENSION_REASON_LENGTH} caracteres`}
          </p>
          {errors.reason && (
            <p id={`${id}-reason-error`} className="suspend__error">
              {errors.reason}
            </p>
          )}
          {errors.api && (
            <p className="suspend__error" role="alert">
              {errors.api}
            </p>
          )}
          <div className="suspend__actions">
            <SendOrCancel
              sending={sending}
              text="Suspender"
              sendingText="Suspendiendo…"
              className="button button--small button--danger"
              onCancel={close}
            />
          </div>
        </form>
      )}
    </>
  );
}
