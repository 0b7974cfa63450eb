import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Me } from '@contract/accounts';
import { APPEAL_MAX_LENGTH, type Appeal } from '@contract/appeals';
import { ERRORS } from '@contract/errors';
import { AppealPanel } from '../../web/src/features/appeals/AppealPanel';
import AppealsPage from '../../web/src/features/moderators/AppealsPage';
import { ApiError } from '../../web/src/lib/api';
import { aMe, fakeApiClient } from './factories';
import { providers } from './queries';

const inAMonth = new Date(Date.now() + 30 * 86_400_000).toISOString();
const suspendedMe = (appeal: Appeal | null = null): Me =>
  aMe({ name: 'Trol', email: 'trol@example.com', suspendedUntil: inAMonth, suspensionReason: 'Insultos.', appeal });

const anAppeal = (overrides: Partial<Appeal> = {}): Appeal => ({
  id: '5f0c7a6e-1111-4222-8333-944445555666',
  name: 'Trol',
  suspension: {
    id: '5f0c7a6e-1111-4222-8333-944445555666',
    name: 'Trol',
    until: inAMonth,
    reason: 'Insultos.',
    createdAt: '2025-05-01T10:00:00.000Z',
    by: 'Alba',
  },
  text: 'No insulté a nadie <b>de verdad</b>.',
  createdAt: '2025-05-02T10:00:00.000Z',
  decision: null,
  reply: null,
  decidedBy: null,
  ...overrides,
});

describe('«Recurrir» in «Mi cuenta»', () => {
  it('opens a form with a counter, refuses an empty text in Spanish, sends once and then says «Recurso enviado»', async () => {
    const user = userEvent.setup();
    let me = suspendedMe();
    const appeal = vi.fn(async ({ body }: { body: { text: string } }, _options?: unknown) => {
      me = suspendedMe(anAppeal({ text: body.text }));
      return me.appeal!;
    });
    const api = fakeApiClient({ 'appeals.appeal': appeal, 'accounts.me': async () => me });
    render(providers(api, 'trol@example.com', <AppealPanel />, '/cuenta', { me }));

    await user.click(screen.getByRole('button', { name: 'Recurrir' }));
    const field = screen.getByLabelText('Por qué debería levantarse la suspensión');
    expect(screen.getByText(`0/${APPEAL_MAX_LENGTH}`)).toBeTruthy();
    expect(field.getAttribute('maxlength')).toBe(String(APPEAL_MAX_LENGTH));
    await user.click(screen.getByRole('button', { name: 'Enviar recurso' }));
    expect(screen.getByRole('alert').textContent).toMatch(/Escribe por qué/);
    expect(appeal).not.toHaveBeenCalled();

    await user.type(field, 'Fue una broma entre amigos.');
    expect(screen.getByText(`27/${APPEAL_MAX_LENGTH}`)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Enviar recurso' }));
    await screen.findByText('Recurso enviado.');
    expect(appeal).toHaveBeenCalledTimes(1);
    expect(appeal.mock.calls[0]![0]).toEqual({ body: { text: 'Fue una broma entre amigos.' } });
    expect(appeal.mock.calls[0]![1]).toEqual({ idempotencyKey: expect.any(String) });
    expect(screen.getByText('Fue una broma entre amigos.')).toBeTruthy();
  });

  it("shows the API's refusal in Spanish and keeps the text", async () => {
    const user = userEvent.setup();
    const me = suspendedMe();
    const api = fakeApiClient({
      'appeals.appeal': async () => {
        throw new ApiError(ERRORS.ALREADY_APPEALED.message, 409, 'ALREADY_APPEALED');
      },
      'accounts.me': async () => me,
    });
    render(providers(api, 'trol@example.com', <AppealPanel />, '/cuenta', { me }));
    await user.click(screen.getByRole('button', { name: 'Recurrir' }));
    await user.type(screen.getByLabelText('Por qué debería levantarse la suspensión'), 'Otra vez.');
    await user.click(screen.getByRole('button', { name: 'Enviar recurso' }));
    expect((await screen.findByRole('alert')).textContent).toContain(ERRORS.ALREADY_APPEALED.message);
    expect(screen.getByLabelText<HTMLTextAreaElement>('Por qué debería levantarse la suspensión').value).toBe('Otra vez.');
  });

  it("shows an upheld appeal's answer as plain text, with no form", () => {
    const me = suspendedMe(anAppeal({ decision: 'uphold', reply: 'Las normas <i>son</i> claras.', decidedBy: 'Alba' }));
    render(providers(fakeApiClient(), 'trol@example.com', <AppealPanel />, '/cuenta', { me }));
    expect(screen.getByText('Recurso rechazado: la suspensión se mantiene.')).toBeTruthy();
    expect(screen.getByText('Respuesta de Alba: «Las normas <i>son</i> claras.»')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Recurrir' })).toBeNull();
  });

  it('shows nothing to an account that is not suspended', () => {
    const me = aMe();
    const { container } = render(providers(fakeApiClient(), me.email, <AppealPanel />, '/cuenta', { me }));
    expect(container.querySelector('.appeal')).toBeNull();
  });
});

describe('/moderar/recursos', () => {
  const moderator = aMe({ name: 'Alba', email: 'alba@example.com', moderator: true });

  it('lists each appeal with its name, reason and words, and lifts with a reply', async () => {
    const user = userEvent.setup();
    const open = anAppeal();
    let answered = false;
    const decide = vi.fn(async ({ body }: { body: { decision: 'lift' | 'uphold'; reply: string } }) => {
      answered = true;
      return { ...open, decision: body.decision, reply: body.reply, decidedBy: 'Alba' };
    });
    const api = fakeApiClient({
      'appeals.open': async () => ({ items: answered ? [] : [open], nextCursor: null }),
      'appeals.decide': decide,
    });
    render(providers(api, moderator.email, <AppealsPage />, '/moderar/recursos', { me: moderator }));
    const item = (await screen.findByRole('heading', { name: 'Trol' })).closest('article')!;
    expect(within(item).getByText('Insultos.')).toBeTruthy();
    expect(within(item).getByText('No insulté a nadie <b>de verdad</b>.')).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Recursos 1 pendiente' })).toBeTruthy();

    await user.click(within(item).getByRole('button', { name: 'Levantar la suspensión de Trol' }));
    expect(within(item).getByRole('alert').textContent).toMatch(/Escribe una respuesta/);
    expect(decide).not.toHaveBeenCalled();

    await user.type(within(item).getByLabelText('Tu respuesta'), 'Tienes razón.');
    await user.click(within(item).getByRole('button', { name: 'Levantar la suspensión de Trol' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Trol' })).toBeNull());
    expect(decide.mock.calls[0]![0]).toEqual({ params: { id: open.id }, body: { decision: 'lift', reply: 'Tienes razón.' } });
    expect(screen.getByRole('status').textContent).toBe('Recurso de «Trol» aceptado: la suspensión se ha levantado.');
  });

  it('takes an appeal another moderator answered meanwhile off the list, saying so', async () => {
    const user = userEvent.setup();
    const api = fakeApiClient({
      'appeals.open': async () => ({ items: [anAppeal()], nextCursor: null }),
      'appeals.decide': async () => {
        throw new ApiError(ERRORS.ALREADY_DECIDED.message, 409, 'ALREADY_DECIDED');
      },
    });
    render(providers(api, moderator.email, <AppealsPage />, '/moderar/recursos', { me: moderator }));
    const item = (await screen.findByRole('heading', { name: 'Trol' })).closest('article')!;
    await user.type(within(item).getByLabelText('Tu respuesta'), 'Se mantiene.');
    await user.click(within(item).getByRole('button', { name: 'Mantener la suspensión de Trol' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(ERRORS.ALREADY_DECIDED.message));
    expect(screen.queryByRole('heading', { name: 'Trol' })).toBeNull();
  });
});
