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

/** Net community votes that decide a pending post: +3 publishes it, −3 rejects it. */
export const MODERATION_MARGIN = 3;

/** Distinct reporters that hide a published post until a moderator decides. */
export const REPORTS_TO_HIDE = 3;

/** The Cognito group whose members decide at once (its name is in the ID token's `cognito:groups`). */
export const MODERATORS_GROUP = 'moderadores';

/**
 * Where a post is in its life: `pending` (waiting for the community), `published` (in the feeds),
 * `rejected` (voted down or refused by a moderator), `removed` (deleted by its author or a
 * moderator), `hidden` (reported by REPORTS_TO_HIDE people, out of the feeds until a moderator decides).
 */
export const POST_STATUSES = ['pending', 'published', 'rejected', 'removed', 'hidden'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

/** The counts shown on every card. */
export const postVotesSchema = z.object({ agree: z.number(), deserved: z.number() });

/**
 * A published anecdote, exactly as the API exposes it: nothing else (no author id, no email).
 * `createdAt` is when it was sent, `publishedAt` when it entered the feeds (which are ordered by it).
 */
export const postSchema = z.object({
  id: z.string(),
  name: z.string(),
  category: z.enum(CATEGORIES),
  post: z.string(),
  createdAt: z.string(),
  publishedAt: z.string(),
  votes: postVotesSchema,
  comments: z.number(),
});

export type Post = z.infer<typeof postSchema>;

/** A post as its author sees it (and moderators, in the reported list): any status, `publishedAt` null until published. */
export const ownPostSchema = z.extend(postSchema, {
  publishedAt: z.nullable(z.string()),
  status: z.enum(POST_STATUSES),
});

export type OwnPost = z.infer<typeof ownPostSchema>;

/** A post waiting for the community's votes: no author while it is moderated. */
export const pendingPostSchema = z.pick(postSchema, { id: true, category: true, post: true, createdAt: true });

export type PendingPost = z.infer<typeof pendingPostSchema>;

/** The public fields of anything post-shaped (a stored item, a live message), or undefined. */
export function toPost(value: unknown): Post | undefined {
  const result = z.safeParse(postSchema, value);
  return result.success ? result.data : undefined;
}

export type Page<T> = { items: T[]; nextCursor: string | null };
export type PostPage = Page<Post>;
export type OwnPostPage = Page<OwnPost>;

/** `PUT /moderation/{id}/vote`: a signed-in user's vote on a pending post. */
export const moderationVoteSchema = z.object({ vote: z.enum(['publish', 'reject']) });
export type ModerationVote = z.infer<typeof moderationVoteSchema>['vote'];

/** `PUT /moderation/{id}/decision`: a moderator's decision on a pending or hidden post. */
export const moderationDecisionSchema = z.object({ decision: z.enum(['publish', 'reject']) });
export type ModerationDecision = z.infer<typeof moderationDecisionSchema>['decision'];

/** What `PUT /moderation/{id}/vote` and `…/decision` answer: the post's status afterwards. */
export type ModerationResult = { status: PostStatus };

/** Why someone reports a post or a comment, with the words the site shows for each. */
export const REPORT_REASONS = ['spam', 'ofensivo', 'datos-personales', 'otro'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam',
  ofensivo: 'Ofensivo',
  'datos-personales': 'Datos personales',
  otro: 'Otro motivo',
};

/** `POST /posts/{id}/report`. */
export const reportSchema = z.object({ reason: z.enum(REPORT_REASONS) });

/** `GET /moderation/reported`: what reports hid, for moderators (comments come with comments). */
export type ReportedItems = { posts: OwnPost[]; comments: never[] };

/**
 * Sent to every open WebSocket connection: `post.published` when a post enters the feeds,
 * `post.removed` when it leaves them (removed by its author or a moderator, hidden by reports).
 */
export type LiveMessage = { type: 'post.published'; post: Post } | { type: 'post.removed'; id: string };

/** A live frame from the server, or null for anything else (unknown types are ignored, not errors). */
export function toLiveMessage(value: unknown): LiveMessage | null {
  if (typeof value !== 'object' || value === null) return null;
  const message = value as { type?: unknown; post?: unknown; id?: unknown };
  if (message.type === 'post.published') {
    const post = toPost(message.post);
    return post ? { type: 'post.published', post } : null;
  }
  if (message.type === 'post.removed' && typeof message.id === 'string' && message.id !== '') return { type: 'post.removed', id: message.id };
  return null;
}

/** Stable error codes for programs; each has its HTTP status and a Spanish message for people. */
export const ERRORS = {
  INVALID_JSON: { status: 400, message: 'La petición no es un JSON válido.' },
  INVALID_REQUEST: { status: 400, message: 'La petición no tiene la forma esperada.' },
  EMPTY_POST: { status: 400, message: 'La anécdota no puede estar vacía.' },
  POST_TOO_LONG: { status: 400, message: `La anécdota no puede pasar de ${MAX_POST_LENGTH} caracteres.` },
  UNKNOWN_CATEGORY: { status: 400, message: 'Categoría desconocida.' },
  INVALID_LIMIT: { status: 400, message: `El parámetro «limit» debe ser un número entero entre 1 y ${MAX_PAGE_SIZE}.` },
  INVALID_CURSOR: { status: 400, message: 'El cursor de paginación no es válido.' },
  UNAUTHORIZED: { status: 401, message: 'Tienes que iniciar sesión para hacer esto.' },
  FORBIDDEN: { status: 403, message: 'No tienes permiso para hacer esto.' },
  OWN_POST: { status: 403, message: 'No puedes votar tu propia anécdota.' },
  POST_NOT_FOUND: { status: 404, message: 'No encontramos esa anécdota.' },
  QUEUE_EMPTY: { status: 404, message: 'No quedan anécdotas por moderar. ¡Gracias por echar una mano!' },
  NO_POSTS: { status: 404, message: 'Todavía no hay anécdotas.' },
  ROUTE_NOT_FOUND: { status: 404, message: 'Esa dirección no existe.' },
  ALREADY_VOTED: { status: 409, message: 'Ya has votado esta anécdota.' },
  ALREADY_REPORTED: { status: 409, message: 'Ya habías denunciado esta anécdota.' },
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

/**
 * The documents the page function serves besides the app's pages (DESIGN §3 "Documents"): the RSS
 * 2.0 feeds of the site and of each category (the latest {@link FEED_DOCUMENT_SIZE} published posts),
 * the sitemap and robots.txt. The web app links the feeds (`<link rel="alternate">`) from these.
 */
export const DOCUMENT_PATHS = {
  rss: '/rss.xml',
  categoryRss: (category: Category) => `/category/${category}/rss.xml`,
  sitemap: '/sitemap.xml',
  robots: '/robots.txt',
} as const;

/** How many posts an RSS feed lists. */
export const FEED_DOCUMENT_SIZE = 20;
