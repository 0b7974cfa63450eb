/** Shown by the Google button where the deployment has no Google sign-in (no Google context at deploy). */
export const GOOGLE_UNAVAILABLE_MESSAGE = 'El inicio de sesión con Google no está disponible en este servidor.';
