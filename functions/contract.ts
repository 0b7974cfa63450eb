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

/** Longest comment, counted like a post (`postLength`). */
export const MAX_COMMENT_LENGTH = 500;

/** Comment paging: the default page (the post page shows 50 at a time) and the largest one is MAX_PAGE_SIZE. */
export const DEFAULT_COMMENT_PAGE_SIZE = 50;

/** Per-user commenting limit: at most `count` comments in any window of `windowMs`. */
export const COMMENT_RATE_LIMIT = { count: 10, windowMs: 10 * 60 * 1000 } as const;

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

/**
 * Characters that show nothing on their own: white space and separators, control and format
 * characters (zero-width space and joiners, bidi controls, NUL…), every default-ignorable code point
 * (variation selectors, Hangul fillers, soft hyphen…), combining marks with no base, and the blank
 * Braille pattern.
 */
const INVISIBLE = /[\s\p{Z}\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\p{M}\u2800]/gu;

/** Text with at least one visible character (a post or comment of only invisible ones is empty). */
export function hasContent(text: string): boolean {
  return text.replace(INVISIBLE, '').length > 0;
}

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

/** `GET /moderation/reported`: the posts and comments reports hid, for moderators to decide on. */
export type ReportedItems = { posts: OwnPost[]; comments: Comment[] };

/** The two votes a reader may give a published post: «¡Vaya día!» (`agree`) and «Te lo mereces» (`deserved`). */
export const VOTE_KINDS = ['agree', 'deserved'] as const;
export type VoteKind = (typeof VOTE_KINDS)[number];
export const VOTE_LABELS: Record<VoteKind, string> = { agree: '¡Vaya día!', deserved: 'Te lo mereces' };
export type PostVotes = z.infer<typeof postVotesSchema>;

/** `PUT /posts/{id}/vote`: one vote per account and post, replacing the caller's earlier one. */
export const postVoteSchema = z.object({ vote: z.enum(VOTE_KINDS) });

/** What `PUT|DELETE /posts/{id}/vote` answer: the post's counts afterwards and the caller's vote. */
export type VoteResult = { votes: PostVotes; myVote: VoteKind | null };

/** Most post ids `GET /me/votes?ids=` takes at once (a page of cards is at most MAX_PAGE_SIZE). */
export const MAX_VOTE_IDS = 100;

/** `GET /me/votes?ids=…`: the caller's vote on each of those posts they voted on (others are absent). */
export type MyVotes = { votes: Record<string, VoteKind> };

/** The Top's periods (calendar periods in TOP_TIME_ZONE: today, this week from Monday, this month, ever) and rankings. */
export const TOP_PERIODS = ['day', 'week', 'month', 'all'] as const;
export type TopPeriod = (typeof TOP_PERIODS)[number];
export const TOP_RANKINGS = VOTE_KINDS;
export type TopRanking = VoteKind;
export const TOP_TIME_ZONE = 'Europe/Madrid';
export const TOP_PERIOD_LABELS: Record<TopPeriod, string> = { day: 'Hoy', week: 'Esta semana', month: 'Este mes', all: 'Siempre' };

/** `post.updated` is sent at most once per post in this many milliseconds (a burst of votes is one message). */
export const LIVE_UPDATE_INTERVAL_MS = 1000;

/**
 * Live messages. To every open WebSocket connection: `post.published` when a post enters the feeds,
 * `post.removed` when it leaves them (removed by its author or a moderator, hidden by reports),
 * `post.updated` when a published post's counts change (at most once a second per post). To the
 * connections reading one post's page (opened with `?post=<id>`): `comment.created`.
 */
export type LiveMessage =
  | { type: 'post.published'; post: Post }
  | { type: 'post.removed'; id: string }
  | { type: 'post.updated'; id: string; votes: PostVotes; comments: number }
  | { type: 'comment.created'; comment: Comment };

const postUpdatedSchema = z.object({ id: z.string().check(z.minLength(1)), votes: postVotesSchema, comments: z.number() });

/** A live frame from the server, or null for anything else (unknown types are ignored, not errors). */
export function toLiveMessage(value: unknown): LiveMessage | null {
  if (typeof value !== 'object' || value === null) return null;
  const message = value as { type?: unknown; post?: unknown; id?: unknown };
  if (message.type === 'post.published') {
    const post = toPost(message.post);
    return post ? { type: 'post.published', post } : null;
  }
  if (message.type === 'post.removed' && typeof message.id === 'string' && message.id !== '')
    return { type: 'post.removed', id: message.id };
  if (message.type === 'post.updated') {
    const update = z.safeParse(postUpdatedSchema, value);
    return update.success ? { type: 'post.updated', id: update.data.id, votes: update.data.votes, comments: update.data.comments } : null;
  }
  if (message.type === 'comment.created') {
    const comment = z.safeParse(commentSchema, (value as { comment?: unknown }).comment);
    return comment.success ? { type: 'comment.created', comment: comment.data } : null;
  }
  return null;
}

/**
 * The apodo: the public name of an account, chosen on the site and stored by the API (never a
 * Cognito attribute). DESIGN §3: NFC-normalised, trimmed, 3–30 characters of letters, digits,
 * spaces and `. _ -`; unique ignoring case and accents; never an email. Letters are Latin-script
 * letters that compatibility normalisation leaves alone (so no full-width «Ａｌｉｃｅ», no
 * look-alikes from other scripts such as Cyrillic «а»), and a name holds at least one of them.
 * `@`, control, format, bidi and zero-width characters are not in the set, so neither an email
 * address nor a right-to-left override can be a name. Names that pose as the site or as its
 * moderators are reserved.
 */
export const NAME_MIN_LENGTH = 3;
export const NAME_MAX_LENGTH = 30;

/** What a post shows for an author without an apodo (a Google account's first visit, a deleted account). */
export const ANONYMOUS_NAME = 'Anónimo';

const NAME_CHARACTERS = /^[\p{Script=Latin}0-9 ._-]+$/u;
const NAME_LETTER = /\p{Script=Latin}/u;
/** Reserved words, folded (see nameKey) and without spaces or punctuation; a name containing one is refused. */
const RESERVED_NAME_WORDS = [
  'anonimo',
  'anonima',
  'moderador',
  'moderadora',
  'moderacion',
  'administrador',
  'administradora',
  'vayadia',
  'oficial',
  'soporte',
];
/** Reserved as whole names. */
const RESERVED_NAMES = ['admin', 'root', 'staff', 'sistema', 'system'];

/**
 * The form a name is unique in: compatibility-decomposed, accents (combining marks) dropped, lower
 * case, runs of spaces as one. «Álice», «ALICE» and «alice» share one key.
 */
export function nameKey(name: string): string {
  return name.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().normalize('NFC').replace(/\s+/g, ' ').trim();
}

export type NameCheck = { ok: true; name: string; key: string } | { ok: false };

/** The apodo as it will be published (NFC, trimmed, single spaces) and its unique key, or not a valid one. */
export function checkName(input: unknown): NameCheck {
  if (typeof input !== 'string') return { ok: false };
  // Only plain spaces are trimmed: any other invisible character makes the name invalid, never silently dropped.
  const name = input.normalize('NFC').replace(/ {2,}/g, ' ').replace(/^ | $/g, '');
  const length = [...name].length;
  if (length < NAME_MIN_LENGTH || length > NAME_MAX_LENGTH) return { ok: false };
  if (!NAME_CHARACTERS.test(name) || !NAME_LETTER.test(name)) return { ok: false };
  // Compatibility forms (full-width letters, ligatures, ª º) would be look-alikes of plain letters.
  if (name.normalize('NFKC') !== name) return { ok: false };
  const key = nameKey(name);
  const compact = key.replace(/[ ._-]/g, '');
  if (RESERVED_NAMES.includes(compact) || RESERVED_NAME_WORDS.some((word) => compact.includes(word))) return { ok: false };
  return { ok: true, name, key };
}

/** `PUT /me/name`. */
export const setNameSchema = z.object({ name: z.string() });

/** `GET /me`: the caller's apodo (null until they choose one), their email (only ever sent to them) and role. */
/** `suspendedUntil`: when a suspension ends (ISO time; {@link PERMANENT_SUSPENSION} for good), null when none is in force. */
export type Me = { name: string | null; email: string; moderator: boolean; suspendedUntil: string | null };

/** The end of a suspension for good, as `GET /me` reports it. */
export const PERMANENT_SUSPENSION = '9999-12-31T00:00:00.000Z';

/** Stable error codes for programs; each has its HTTP status and a Spanish message for people. */
export const ERRORS = {
  INVALID_JSON: { status: 400, message: 'La petición no es un JSON válido.' },
  INVALID_REQUEST: { status: 400, message: 'La petición no tiene la forma esperada.' },
  EMPTY_POST: { status: 400, message: 'La anécdota no puede estar vacía.' },
  POST_TOO_LONG: { status: 400, message: `La anécdota no puede pasar de ${MAX_POST_LENGTH} caracteres.` },
  UNKNOWN_CATEGORY: { status: 400, message: 'Categoría desconocida.' },
  EMPTY_COMMENT: { status: 400, message: 'El comentario no puede estar vacío.' },
  COMMENT_TOO_LONG: { status: 400, message: `El comentario no puede pasar de ${MAX_COMMENT_LENGTH} caracteres.` },
  INVALID_LIMIT: { status: 400, message: `El parámetro «limit» debe ser un número entero entre 1 y ${MAX_PAGE_SIZE}.` },
  INVALID_CURSOR: { status: 400, message: 'El cursor de paginación no es válido.' },
  INVALID_PERIOD: { status: 400, message: 'El periodo debe ser «day», «week», «month» o «all».' },
  INVALID_RANKING: { status: 400, message: 'La clasificación debe ser «agree» o «deserved».' },
  UNAUTHORIZED: { status: 401, message: 'Tienes que iniciar sesión para hacer esto.' },
  FORBIDDEN: { status: 403, message: 'No tienes permiso para hacer esto.' },
  ACCOUNT_DELETED: { status: 401, message: 'Esta cuenta se ha eliminado. Cierra la sesión; puedes crear una cuenta nueva.' },
  ACCOUNT_SUSPENDED: {
    status: 403,
    message:
      'Tu cuenta está suspendida: puedes leer y borrar lo tuyo, pero no publicar, votar, comentar ni denunciar hasta que acabe la suspensión.',
  },
  OWN_POST: { status: 403, message: 'No puedes votar tu propia anécdota.' },
  POST_NOT_FOUND: { status: 404, message: 'No encontramos esa anécdota.' },
  COMMENT_NOT_FOUND: { status: 404, message: 'No encontramos ese comentario.' },
  QUEUE_EMPTY: { status: 404, message: 'No quedan anécdotas por moderar. ¡Gracias por echar una mano!' },
  NO_POSTS: { status: 404, message: 'Todavía no hay anécdotas.' },
  ROUTE_NOT_FOUND: { status: 404, message: 'Esa dirección no existe.' },
  ALREADY_VOTED: { status: 409, message: 'Ya has votado esta anécdota.' },
  ALREADY_REPORTED: { status: 409, message: 'Ya lo habías denunciado.' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'La petición es demasiado grande.' },
  INVALID_NAME: {
    status: 400,
    message: `El apodo debe tener entre ${NAME_MIN_LENGTH} y ${NAME_MAX_LENGTH} caracteres: letras, números, espacios y . _ - (ni una dirección de email ni un nombre reservado).`,
  },
  NAME_TAKEN: { status: 409, message: 'Ese apodo ya lo usa otra persona. Prueba con otro.' },
  RATE_LIMITED: { status: 429, message: 'Has publicado demasiado seguido. Espera unos minutos y vuelve a intentarlo.' },
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
  post: z.string().check(
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

/** A visible comment on a published post, exactly as the API exposes it (no author id). */
export const commentSchema = z.object({
  id: z.string(),
  postId: z.string(),
  name: z.string(),
  text: z.string(),
  createdAt: z.string(),
});

export type Comment = z.infer<typeof commentSchema>;
export type CommentPage = Page<Comment>;

/** The body of `POST /posts/{id}/comments`; each failed rule carries its error code, as for posts. */
export const createCommentSchema = z.object({
  text: z.string().check(
    z.refine(hasContent, { error: 'EMPTY_COMMENT', abort: true }),
    z.refine((text) => postLength(text) <= MAX_COMMENT_LENGTH, { error: 'COMMENT_TOO_LONG' }),
  ),
});

export type CreateCommentResult =
  | { ok: true; value: z.infer<typeof createCommentSchema> }
  | { ok: false; code: Extract<ErrorCode, 'INVALID_REQUEST' | 'EMPTY_COMMENT' | 'COMMENT_TOO_LONG'> };

/** Validates an already-parsed comment; the first failing rule decides the error code. */
export function validateCreateComment(input: unknown): CreateCommentResult {
  const result = z.safeParse(createCommentSchema, input);
  if (result.success) return { ok: true, value: result.data };
  const code = result.error.issues[0]?.message;
  if (code === 'EMPTY_COMMENT' || code === 'COMMENT_TOO_LONG') return { ok: false, code };
  return { ok: false, code: 'INVALID_REQUEST' };
}

/** `PUT /comments/{id}/decision`: a moderator restores a comment hidden by reports, or removes it. */
export const commentDecisionSchema = moderationDecisionSchema;

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

/**
 * The data a server-rendered page carries for the app that takes it over (DESIGN §3 "Documents"),
 * written by the page function as JSON and read by the web app's hooks (web/src/lib/pageData.ts):
 * by key, a feed's first page, a post (`null`: none to show, the page is a 404) or a Top page.
 */
export type PageDataEntries = Record<string, PostPage | { post: Post | null } | undefined>;

export const PAGE_DATA_KEYS = {
  feed: (category?: Category) => `feed:${category ?? ''}`,
  post: (id: string) => `post:${id}`,
  top: (period: TopPeriod, by: TopRanking) => `top:${period}:${by}`,
};

/** The site's name, as tabs and shared links show it. */
export const SITE_NAME = 'Vaya día';

/**
 * Each page's title (the part before « · Vaya día»), the same in the document the page function
 * renders and in the tab once the app runs (web/src/lib/useDocumentTitle.ts).
 */
export const PAGE_TITLES = {
  category: (category: Category) => category.charAt(0).toUpperCase() + category.slice(1),
  unknownCategory: 'Categoría desconocida',
  post: (authorName: string) => `Anécdota de ${authorName}`,
  postNotFound: 'Anécdota no encontrada',
  top: (period: TopPeriod, by: TopRanking) => `Top: ${VOTE_LABELS[by]} (${TOP_PERIOD_LABELS[period].toLowerCase()})`,
  notFound: 'Página no encontrada',
};

/** The whole `<title>`: "<page> · Vaya día", or the site's own for the home page. */
export function documentTitle(page?: string): string {
  return page ? `${page} · ${SITE_NAME}` : `${SITE_NAME} · anécdotas de días malos`;
}

/** The title of a category's RSS feed, in the feed itself and where pages announce it. */
export function categoryFeedTitle(category: Category): string {
  return `${SITE_NAME} · ${category}`;
}

/** The head of a server-rendered page (the page function's): each value is text, escaped where written. */
export type PageHead = {
  /** The whole `<title>` (see {@link documentTitle}). */
  title: string;
  description: string;
  /** Absolute URL of the page: canonical link and og:url. */
  url: string;
  type: 'website' | 'article';
  /** RSS feeds the page announces besides the site's own (which every page has). */
  feeds: Array<{ title: string; href: string }>;
};
