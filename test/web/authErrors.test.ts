import { describe, expect, it } from 'vitest';
import { authErrorMessage } from '../../web/src/features/auth/errors';

function cognitoError(name: string, message = 'English text') {
  const error = new Error(message);
  error.name = name;
  return error;
}

describe('authErrorMessage', () => {
  it('says in Spanish what the common Cognito errors mean', () => {
    expect(authErrorMessage(cognitoError('NotAuthorizedException'))).toBe('Email o contraseña incorrectos.');
    expect(authErrorMessage(cognitoError('UsernameExistsException'))).toMatch(/Ya existe una cuenta/);
    expect(authErrorMessage(cognitoError('CodeMismatchException'))).toMatch(/código no es correcto/);
  });

  it("explains a refused password with the pool's policy", () => {
    expect(authErrorMessage(cognitoError('InvalidPasswordException'))).toBe(
      'La contraseña no es válida: usa al menos 10 caracteres, mayúsculas, minúsculas, números y algún símbolo (- _ ! ? #…).',
    );
  });

  it("shows the service's own message for anything else", () => {
    expect(authErrorMessage(cognitoError('SomethingNew', 'Something new happened'))).toBe('Something new happened');
    expect(authErrorMessage('??')).toMatch(/Algo ha fallado/);
  });
});
