import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AuthContext } from '../../web/src/features/auth/context';
import ChangePasswordForm from '../../web/src/features/auth/ChangePasswordForm';
import type { AuthService } from '../../web/src/features/auth/types';
import { anAuthContext } from './factories';

function renderForm(changePassword: AuthService['changePassword']) {
  const service = { changePassword } as unknown as AuthService;
  const value = anAuthContext({ status: 'signedIn', user: { displayName: 'rocio@example.com' } }, service);
  const onChanged = vi.fn();
  render(
    <AuthContext.Provider value={value}>
      <ChangePasswordForm onChanged={onChanged} />
    </AuthContext.Provider>,
  );
  return { onChanged };
}

async function fill(current: string, next: string) {
  const user = userEvent.setup();
  const currentField = screen.getByLabelText('Contraseña actual');
  const nextField = screen.getByLabelText('Contraseña nueva');
  await user.clear(currentField);
  if (current) await user.type(currentField, current);
  await user.clear(nextField);
  if (next) await user.type(nextField, next);
  await user.click(screen.getByRole('button', { name: 'Cambiar la contraseña' }));
}

describe('«Cambiar contraseña» in «Mi cuenta»', () => {
  it('sets the new password with the current one, empties the fields and reports it', async () => {
    const changePassword = vi.fn(async () => {});
    const { onChanged } = renderForm(changePassword);
    await fill('Antigua-clave-1', 'Nueva-clave-22');
    await vi.waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    expect(changePassword).toHaveBeenCalledWith('Antigua-clave-1', 'Nueva-clave-22');
    expect(screen.getByLabelText<HTMLInputElement>('Contraseña actual').value).toBe('');
    expect(screen.getByLabelText<HTMLInputElement>('Contraseña nueva').value).toBe('');
  });

  it('checks the rules before asking: no current password, a weak new one, the same one again', async () => {
    const changePassword = vi.fn(async () => {});
    renderForm(changePassword);
    await fill('', 'Nueva-clave-22');
    expect((await screen.findByRole('alert')).textContent).toContain('Escribe tu contraseña actual.');
    await fill('Antigua-clave-1', 'corta');
    expect((await screen.findByRole('alert')).textContent).toContain('A la contraseña nueva le falta');
    await fill('Antigua-clave-1', 'Antigua-clave-1');
    expect((await screen.findByRole('alert')).textContent).toContain('igual que la actual');
    expect(changePassword).not.toHaveBeenCalled();
  });

  it('says in Spanish that the current password is wrong, and keeps what was typed', async () => {
    const wrong = Object.assign(new Error('Incorrect username or password.'), { name: 'NotAuthorizedException' });
    const changePassword = vi.fn(() => Promise.reject(wrong));
    const { onChanged } = renderForm(changePassword);
    await fill('Equivocada-1', 'Nueva-clave-22');
    expect((await screen.findByRole('alert')).textContent).toContain('La contraseña actual no es correcta.');
    expect(onChanged).not.toHaveBeenCalled();
    expect(screen.getByLabelText<HTMLInputElement>('Contraseña nueva').value).toBe('Nueva-clave-22');
  });
});
