/** Shown by the Google button where the deployment has no Google sign-in (no Google context at deploy). */
export const GOOGLE_UNAVAILABLE_MESSAGE = 'El inicio de sesión con Google no está disponible en este servidor.';

/** Said site-wide once «Mi cuenta» has deleted the account and signed out. */
export const ACCOUNT_DELETED_MESSAGE =
  'Tu cuenta se ha eliminado y has salido. Tus anécdotas y comentarios siguen en la web, firmados como «Anonimo».';

/** Said site-wide once «Cambiar contraseña» has set the new password. */
export const PASSWORD_CHANGED_MESSAGE = 'Contraseña cambiada. La próxima vez entra con la nueva.';
