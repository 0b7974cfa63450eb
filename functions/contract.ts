/**
 * The contract between the site, the API and the tests: one source of truth.
 *
 * Imported by the Lambda handlers, the web app and the tests. It depends only on `zod/mini` so the
 * web bundle stays small; nothing here may touch Node or AWS APIs.
 */
import * as z from 'zod/mini';

/** The six fixed categories, lowercase, in the order the site lists them. */
export const CATEGORIES = ['varios', 'amor', 'amistad', 'picante', 'trabajo', 'familia'] as const;
export type Category = (typeof CATEGORIES)[number];
export const DEFAULT_CATEGORY: Category = 'varios';

/** Longest anecdote, in characters as the browser's `<textarea maxlength>` counts them. */
export const MAX_POST_LENGTH = 300;

/** Feed paging: the default and the largest page a client may ask for. */
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

/** A body larger than this is refused before it is parsed. */
export const MAX_BODY_BYTES = 16 * 1024;

/** Per-user publishing limit: at most `count` posts in any window of `windowMs`. */
export const RATE_LIMIT = { count: 5, windowMs: 10 * 60 * 1000 } as const;

export function isCategory(value: unknown): value is Category {
  return typeof value === 'string' && (CATEGORIES as readonly string[]).includes(value);
}

/**
 * Length of a text the way `<textarea maxlength>` measures it: UTF-16 code units of the value with
 * line breaks normalised to a single LF (so an emoji counts 2, "á" counts 1, CRLF counts 1).
 */
export function postLength(text: string): number {
  return text.replace(/\r\n?/g, '\n').length;
}

/** Text that has something besides white space. */
export function hasContent(text: string): boolean {
  return text.trim().length > 0;
}

/** Longest author name published; longer names are cut. */
export const MAX_NAME_LENGTH = 60;

/** A stored anecdote, exactly as the API exposes it: nothing else (no author id, no email). */
export const postSchema = z.object({
  id: z.string(),
  name: z.string(),
  category: z.enum(CATEGORIES),
  post: z.string(),
  createdAt: z.string(),
});

export type Post = z.infer<typeof postSchema>;

/** The public fields of anything post-shaped (a stored item, a live message), or undefined. */
export function toPost(value: unknown): Post | undefined {
  const result = z.safeParse(postSchema, value);
  return result.success ? result.data : undefined;
}

export type PostPage = { items: Post[]; nextCursor: string | null };

/** Sent to every open WebSocket connection when a post is stored. */
export type LiveMessage = { type: 'post.created'; post: Post };

/** Stable error codes for programs; each has its HTTP status and a Spanish message for people. */
export const ERRORS = {
  INVALID_JSON: { status: 400, message: 'La petición no es un JSON válido.' },
  INVALID_REQUEST: { status: 400, message: 'La petición no tiene la forma esperada: hacen falta «category» y «post».' },
  EMPTY_POST: { status: 400, message: 'La anécdota no puede estar vacía.' },
  POST_TOO_LONG: { status: 400, message: `La anécdota no puede pasar de ${MAX_POST_LENGTH} caracteres.` },
  UNKNOWN_CATEGORY: { status: 400, message: 'Categoría desconocida.' },
  INVALID_LIMIT: { status: 400, message: `El parámetro «limit» debe ser un número entero entre 1 y ${MAX_PAGE_SIZE}.` },
  INVALID_CURSOR: { status: 400, message: 'El cursor de paginación no es válido.' },
  UNAUTHORIZED: { status: 401, message: 'Tienes que iniciar sesión para publicar.' },
  POST_NOT_FOUND: { status: 404, message: 'No encontramos esa anécdota.' },
  NO_POSTS: { status: 404, message: 'Todavía no hay anécdotas.' },
  ROUTE_NOT_FOUND: { status: 404, message: 'Esa dirección no existe.' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'La petición es demasiado grande.' },
  RATE_LIMITED: { status: 429, message: 'Has publicado demasiadas anécdotas seguidas. Espera unos minutos y vuelve a intentarlo.' },
  INTERNAL_ERROR: { status: 500, message: 'Algo ha fallado por nuestra parte. Inténtalo de nuevo en un rato.' },
  SERVICE_UNAVAILABLE: { status: 503, message: 'El servicio no está disponible ahora mismo. Inténtalo de nuevo en un rato.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;
export type ErrorBody = { error: { code: ErrorCode; message: string } };

export function errorBody(code: ErrorCode): ErrorBody {
  return { error: { code, message: ERRORS[code].message } };
}

/**
 * The body of `POST /posts`. Unknown fields are stripped (never stored); each failed rule carries
 * the error code it maps to, so the server and the web form report the same thing.
 */
export const createPostSchema = z.object({
  category: z.enum(CATEGORIES, {
    error: (issue) => (typeof issue.input === 'string' ? 'UNKNOWN_CATEGORY' : 'INVALID_REQUEST'),
  }),
  post: z
    .string()
    .check(
      z.refine(hasContent, { error: 'EMPTY_POST', abort: true }),
      z.refine((text) => postLength(text) <= MAX_POST_LENGTH, { error: 'POST_TOO_LONG' }),
    ),
});

export type CreatePostRequest = z.infer<typeof createPostSchema>;

export type CreatePostResult =
  | { ok: true; value: CreatePostRequest }
  | { ok: false; code: Extract<ErrorCode, 'INVALID_REQUEST' | 'EMPTY_POST' | 'POST_TOO_LONG' | 'UNKNOWN_CATEGORY'> };

/** Validates an already-parsed create request; the first failing rule decides the error code. */
export function validateCreatePost(input: unknown): CreatePostResult {
  const result = z.safeParse(createPostSchema, input);
  if (result.success) return { ok: true, value: result.data };
  const code = result.error.issues[0]?.message;
  if (code === 'EMPTY_POST' || code === 'POST_TOO_LONG' || code === 'UNKNOWN_CATEGORY') return { ok: false, code };
  return { ok: false, code: 'INVALID_REQUEST' };
}

/**
 * `GET /config.json`: what the web app needs to find the backend, written at deploy time (AWS) or
 * by the local cloud. `userPoolEndpoint` exists only locally; `oauthDomain` only with Google sign-in.
 */
export const runtimeConfigSchema = z.object({
  region: z.string().check(z.minLength(1)),
  userPoolId: z.string().check(z.minLength(1)),
  userPoolClientId: z.string().check(z.minLength(1)),
  apiUrl: z.url(),
  wsUrl: z.url(),
  userPoolEndpoint: z.optional(z.url()),
  oauthDomain: z.optional(z.string().check(z.minLength(1))),
  authFlowType: z.optional(z.enum(['USER_SRP_AUTH', 'USER_PASSWORD_AUTH'])),
});

export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

/**
 * The user pool's password policy (cdk-nag AwsSolutions-COG1 asks for length, upper case, digits and
 * symbols). The stack applies it; the register form checks it first, so people get the same Spanish
 * explanation locally (cognito-local does not enforce policies) and on AWS.
 */
export const PASSWORD_POLICY = {
  minLength: 10,
  requireLowercase: true,
  requireUppercase: true,
  requireDigits: true,
  requireSymbols: true,
} as const;

/** The special characters Cognito counts as symbols (its documented list; a space is one too). */
const COGNITO_SYMBOLS = /[\^$*.[\]{}()?"!@#%&/\\,><':;|_~`=+\- ]/;

/**
 * What a password still lacks under PASSWORD_POLICY, in Spanish; empty when it is acceptable.
 * Classes are Cognito's: basic Latin letters and its own symbol list, so «ñ» or «¡» do not count.
 */
export function passwordProblems(password: string): string[] {
  const problems: string[] = [];
  if (password.length < PASSWORD_POLICY.minLength) problems.push(`al menos ${PASSWORD_POLICY.minLength} caracteres`);
  if (PASSWORD_POLICY.requireLowercase && !/[a-z]/.test(password)) problems.push('una minúscula');
  if (PASSWORD_POLICY.requireUppercase && !/[A-Z]/.test(password)) problems.push('una mayúscula');
  if (PASSWORD_POLICY.requireDigits && !/[0-9]/.test(password)) problems.push('un número');
  if (PASSWORD_POLICY.requireSymbols && !COGNITO_SYMBOLS.test(password.trim())) problems.push('un símbolo (por ejemplo - _ ! ? #)');
  return problems;
}
