/** The API's errors: a stable code for programs, its HTTP status and a Spanish message for people. */
import * as z from 'zod/mini';
import { NAME_MAX_LENGTH, NAME_MIN_LENGTH } from './accounts';
import { MAX_BLOCKS } from './blocks';
import { APPEAL_MAX_LENGTH } from './appeals';
import { MAX_COMMENT_LENGTH } from './comments';
import { MAX_PAGE_SIZE } from './common';
import { MAX_POST_LENGTH } from './posts';
import { MAX_QUERY_LENGTH } from './searchLimits';
import { MAX_SIMILAR_TEXT_LENGTH } from './similar';

/** Stable error codes for programs; each has its HTTP status and a Spanish message for people. */
export const ERRORS = {
  INVALID_JSON: { status: 400, message: 'La petición no es un JSON válido.' },
  INVALID_REQUEST: { status: 400, message: 'La petición no tiene la forma esperada.' },
  EMPTY_POST: { status: 400, message: 'La anécdota no puede estar vacía.' },
  POST_TOO_LONG: { status: 400, message: `La anécdota no puede pasar de ${MAX_POST_LENGTH} caracteres.` },
  INVALID_QUERY: {
    status: 400,
    message: `Escribe qué buscar: hasta ${MAX_QUERY_LENGTH} caracteres, con al menos una palabra de dos letras o más.`,
  },
  UNKNOWN_CATEGORY: { status: 400, message: 'Categoría desconocida.' },
  INVALID_SIMILAR_TEXT: {
    status: 400,
    message: `Para buscar anécdotas parecidas, escribe entre 1 y ${MAX_SIMILAR_TEXT_LENGTH} caracteres.`,
  },
  PERSONAL_DATA: {
    status: 400,
    message:
      'Quita los datos personales antes de enviarlo: no se publican direcciones de correo, números de teléfono, DNI o NIE ni cuentas bancarias (tuyos ni de nadie).',
  },
  EMPTY_COMMENT: { status: 400, message: 'El comentario no puede estar vacío.' },
  COMMENT_TOO_LONG: { status: 400, message: `El comentario no puede pasar de ${MAX_COMMENT_LENGTH} caracteres.` },
  INVALID_LIMIT: { status: 400, message: `El parámetro «limit» debe ser un número entero entre 1 y ${MAX_PAGE_SIZE}.` },
  INVALID_CURSOR: { status: 400, message: 'El cursor de paginación no es válido.' },
  INVALID_PERIOD: { status: 400, message: 'El periodo debe ser «day», «week», «month» o «all».' },
  INVALID_RANKING: { status: 400, message: 'La clasificación debe ser «agree» o «deserved».' },
  INVALID_SORT: { status: 400, message: 'El orden debe ser «best» u «old».' },
  UNAUTHORIZED: { status: 401, message: 'Tienes que iniciar sesión para hacer esto.' },
  FORBIDDEN: { status: 403, message: 'No tienes permiso para hacer esto.' },
  ACCOUNT_DELETED: { status: 401, message: 'Esta cuenta se ha eliminado. Cierra la sesión; puedes crear una cuenta nueva.' },
  ACCOUNT_SUSPENDED: {
    status: 403,
    message:
      'Tu cuenta está suspendida: puedes leer y borrar lo tuyo, pero no publicar, votar, comentar ni denunciar hasta que acabe la suspensión.',
  },
  OWN_POST: { status: 403, message: 'No puedes votar ni moderar tu propia anécdota.' },
  OWN_COMMENT: { status: 403, message: 'No puedes votar tu propio comentario.' },
  POST_NOT_FOUND: { status: 404, message: 'No encontramos esa anécdota.' },
  COMMENT_NOT_FOUND: { status: 404, message: 'No encontramos ese comentario.' },
  AUTHOR_NOT_FOUND: { status: 404, message: 'No hay nadie con ese apodo.' },
  CANNOT_BLOCK_YOURSELF: { status: 400, message: 'No puedes bloquearte a ti.' },
  TOO_MANY_BLOCKS: {
    status: 409,
    message: `Ya has bloqueado a ${MAX_BLOCKS} cuentas, el máximo. Desbloquea alguna en «Mi cuenta» antes de bloquear otra.`,
  },
  QUEUE_EMPTY: { status: 404, message: 'No quedan anécdotas por moderar. ¡Gracias por echar una mano!' },
  NO_POSTS: { status: 404, message: 'Todavía no hay anécdotas.' },
  ROUTE_NOT_FOUND: { status: 404, message: 'Esa dirección no existe.' },
  ALREADY_VOTED: { status: 409, message: 'Ya has votado esta anécdota.' },
  ALREADY_REPORTED: { status: 409, message: 'Ya lo habías denunciado.' },
  NOT_EDITABLE: {
    status: 409,
    message: 'Solo puedes editar y reenviar una anécdota rechazada (esta está publicada, en moderación o borrada).',
  },
  ALREADY_RESENT: { status: 409, message: 'Ya editaste y reenviaste esta anécdota una vez: no se puede reenviar otra vez.' },
  DUPLICATE_POST: {
    status: 409,
    message:
      'Esa anécdota ya está publicada o esperando moderación (aunque cambien mayúsculas, tildes, signos o espacios). Cuenta algo distinto o cambia más que la forma de escribirlo.',
  },
  ALREADY_SUSPENDED: { status: 409, message: 'Esa cuenta ya está suspendida. Levanta la suspensión antes de poner otra.' },
  SUSPENSION_NOT_FOUND: { status: 404, message: 'No encontramos esa suspensión (o ya se había levantado).' },
  ACCOUNT_NOT_FOUND: { status: 404, message: 'La cuenta que escribió eso ya no existe.' },
  INVALID_APPEAL: {
    status: 400,
    message: `El recurso debe tener entre 1 y ${APPEAL_MAX_LENGTH} caracteres, sin caracteres de control.`,
  },
  ALREADY_APPEALED: { status: 409, message: 'Ya recurriste esta suspensión: solo se puede recurrir una vez.' },
  NOT_SUSPENDED: { status: 409, message: 'Tu cuenta no está suspendida: no hay nada que recurrir.' },
  APPEAL_NOT_FOUND: { status: 404, message: 'No encontramos ese recurso.' },
  ALREADY_DECIDED: { status: 409, message: 'Otra persona de moderación ya ha resuelto este recurso.' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'La petición es demasiado grande.' },
  INVALID_IDEMPOTENCY_KEY: {
    status: 400,
    message: 'La cabecera Idempotency-Key debe tener de 1 a 64 letras sin tilde, números, «_» o «-».',
  },
  REQUEST_IN_PROGRESS: {
    status: 409,
    message: 'Esta misma petición todavía se está procesando. Espera unos segundos y vuelve a intentarlo.',
  },
  INVALID_SUBSCRIPTION: {
    status: 400,
    message:
      'Esa suscripción a avisos no es válida: tiene que ser una dirección https de un servicio de notificaciones conocido (el del navegador) con sus claves.',
  },
  INVALID_NAME: {
    status: 400,
    message: `El apodo debe tener entre ${NAME_MIN_LENGTH} y ${NAME_MAX_LENGTH} caracteres: letras, números, espacios y . _ - (ni una dirección de email ni un nombre reservado).`,
  },
  NAME_TAKEN: { status: 409, message: 'Ese apodo ya lo usa otra persona. Prueba con otro.' },
  RATE_LIMITED: { status: 429, message: 'Has publicado demasiado seguido. Espera unos minutos y vuelve a intentarlo.' },
  TOO_MANY_RENAMES: {
    status: 429,
    message: 'Ya has cambiado de apodo cinco veces en la última hora. Espera un rato y vuelve a intentarlo.',
  },
  TOO_MANY_CHANGES: { status: 429, message: 'Vas demasiado rápido. Espera un minuto y vuelve a intentarlo.' },
  INTERNAL_ERROR: { status: 500, message: 'Algo ha fallado por nuestra parte. Inténtalo de nuevo en un rato.' },
  SERVICE_UNAVAILABLE: { status: 503, message: 'El servicio no está disponible ahora mismo. Inténtalo de nuevo en un rato.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

/** Every error code, in the order of {@link ERRORS}. */
export const ERROR_CODES = Object.keys(ERRORS) as [ErrorCode, ...ErrorCode[]];

/** The schema of an error body whose code is one of `codes` (the OpenAPI document gives each route its own). */
export function errorBodySchema<const C extends ErrorCode>(codes: readonly [C, ...C[]]) {
  return z.object({ error: z.object({ code: z.enum(codes), message: z.string() }) });
}

/** Every error answer: `{ error: { code, message } }`. */
export type ErrorBody = z.infer<ReturnType<typeof errorBodySchema<ErrorCode>>>;

export function errorBody(code: ErrorCode): ErrorBody {
  return { error: { code, message: ERRORS[code].message } };
}
