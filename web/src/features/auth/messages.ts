/** Shown by the Google button where the server has no Google sign-in (the local cloud). */
export const GOOGLE_UNAVAILABLE_MESSAGE = 'El inicio de sesión con Google no está disponible en este servidor.';
