import { PASSWORD_RULES } from './passwordRules';

/**
 * Spanish text for the identity service's errors. Cognito answers in English; the site is Spanish,
 * so the common cases are translated and anything else shows the service's own message.
 */
const MESSAGES: Record<string, string> = {
  NotAuthorizedException: 'Email o contraseña incorrectos.',
  UserNotFoundException: 'Email o contraseña incorrectos.',
  UsernameExistsException: 'Ya existe una cuenta con ese email. Inicia sesión.',
  AliasExistsException: 'Ya existe una cuenta con ese email. Inicia sesión.',
  InvalidPasswordException: `La contraseña no es válida: usa ${PASSWORD_RULES}.`,
  CodeMismatchException: 'El código no es correcto. Revísalo e inténtalo de nuevo.',
  ExpiredCodeException: 'El código ha caducado. Pide uno nuevo.',
  LimitExceededException: 'Demasiados intentos. Espera un poco y vuelve a intentarlo.',
  TooManyRequestsException: 'Demasiados intentos. Espera un poco y vuelve a intentarlo.',
  TooManyFailedAttemptsException: 'Demasiados intentos. Espera un poco y vuelve a intentarlo.',
  UserNotConfirmedException: 'Tienes que confirmar tu email con el código que te enviamos.',
  EmptySignInUsername: 'Escribe tu email.',
  EmptySignInPassword: 'Escribe tu contraseña.',
  EmptySignUpUsername: 'Escribe tu email.',
  EmptySignUpPassword: 'Escribe una contraseña.',
  EmptyConfirmSignUpCode: 'Escribe el código.',
  EmptyResetPasswordUsername: 'Escribe tu email.',
  EmptyConfirmResetPasswordUsername: 'Escribe tu email.',
  EmptyConfirmResetPasswordConfirmationCode: 'Escribe el código.',
  EmptyConfirmResetPasswordNewPassword: 'Escribe una contraseña nueva.',
  NetworkError: 'No se pudo conectar con el servicio de cuentas. Comprueba tu conexión.',
};

/** The message to show in the red box for an error thrown by the identity service. */
export function authErrorMessage(error: unknown): string {
  if (error instanceof Error) {
    const known = MESSAGES[error.name];
    if (known) return known;
    if (error.message) return error.message;
  }
  return 'Algo ha fallado con tu cuenta. Inténtalo de nuevo.';
}
