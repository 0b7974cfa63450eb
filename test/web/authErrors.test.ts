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

  it('reads a password error while signing in as a wrong password', () => {
    expect(authErrorMessage(cognitoError('InvalidPasswordException'), 'signIn')).toBe('Email o contraseña incorrectos.');
    expect(authErrorMessage(cognitoError('InvalidPasswordException'))).toMatch(/no es válida/);
  });

  it("shows the service's own message for anything else", () => {
    expect(authErrorMessage(cognitoError('SomethingNew', 'Something new happened'))).toBe('Something new happened');
    expect(authErrorMessage('??')).toMatch(/Algo ha fallado/);
  });
});
