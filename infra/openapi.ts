/**
 * The API's OpenAPI 3.1 description, built from the contract's route table
 * (functions/contract/routes.ts: method, path, who may call, parameters, bodies, answers and error
 * codes, all zod schemas). `npm run openapi` writes it to docs/openapi.json, which the page function
 * serves at /api/openapi.json; test/infra/openapi.test.ts checks the file is what this would write.
 *
 * zod-openapi turns the schemas into JSON Schema with zod's own `toJSONSchema`, so what the document
 * says a body is, is what the handlers parse.
 */
import { notificationSchema } from '../functions/contract/notifications';
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import * as z from 'zod/mini';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject, type ZodOpenApiResponsesObject } from 'zod-openapi';
import { meSchema } from '../functions/contract/accounts';
import { authorSchema } from '../functions/contract/authors';
import { IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY_WINDOW_HOURS } from '../functions/contract/common';
import { allRoutes, routeKey, type Route, type RouteGroup } from '../functions/contract/routes';
import { commentSchema } from '../functions/contract/comments';
import { ERRORS, errorBodySchema, type ErrorCode } from '../functions/contract/errors';
import { moderationActionSchema, pendingPostSchema, suspensionSchema } from '../functions/contract/moderation';
import { ownPostSchema, postSchema, postVotesSchema } from '../functions/contract/posts';

/** Where `npm run openapi` writes the document (committed; the page function bundles it). */
export const OPENAPI_FILE = fileURLToPath(new URL('../docs/openapi.json', import.meta.url));

/** The Idempotency-Key header of the idempotent writes. */
const IDEMPOTENCY_HEADER = z.object({
  'Idempotency-Key': z.optional(
    z
      .string()
      .check(
        z.regex(IDEMPOTENCY_KEY_PATTERN),
        z.describe(
          `One per submission. The same key from the same account within ${IDEMPOTENCY_WINDOW_HOURS} h answers with the first request's status and body and stores nothing more, also when both arrive at once.`,
        ),
      ),
  ),
});

/** The error codes a route answers: its own, and those its kind shares (see {@link Route.errors}). */
export function errorCodesOf(route: Route): ErrorCode[] {
  const codes = new Set<ErrorCode>(route.errors);
  if (route.body) (['INVALID_JSON', 'PAYLOAD_TOO_LARGE'] as const).forEach((code) => codes.add(code));
  if (route.auth !== 'public') {
    codes.add('UNAUTHORIZED');
    // The account state read on every signed-in route (functions/domain/accountState.ts).
    if (route.account !== 'accountDeletion') codes.add('ACCOUNT_DELETED');
    if (route.method !== 'GET' && route.account === undefined) codes.add('ACCOUNT_SUSPENDED');
  }
  if (route.auth === 'moderator') codes.add('FORBIDDEN');
  // Idempotent writes (functions/domain/idempotency.ts, checked in the HTTP edge).
  if (route.idempotent) (['INVALID_IDEMPOTENCY_KEY', 'REQUEST_IN_PROGRESS'] as const).forEach((code) => codes.add(code));
  codes.add('INTERNAL_ERROR');
  // The database or a service throttled or unreachable for now (functions/handlers/http/http.ts).
  codes.add('SERVICE_UNAVAILABLE');
  return [...codes];
}

const JSON_TYPE = 'application/json';

function responsesOf(route: Route): ZodOpenApiResponsesObject {
  const { success } = route;
  const responses: ZodOpenApiResponsesObject = {
    [success.status]: success.schema
      ? { description: success.description, content: { [JSON_TYPE]: { schema: success.schema } } }
      : { description: success.description },
  };
  if (route.redirect)
    responses[`${route.redirect.status}` as `3${string}`] = {
      description: route.redirect.description,
      headers: { Location: { description: 'The address to ask instead.', schema: { type: 'string' } } },
    };
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of errorCodesOf(route)) byStatus.set(ERRORS[code].status, [...(byStatus.get(ERRORS[code].status) ?? []), code]);
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    responses[`${status}` as `${4 | 5}${string}`] = {
      description: codes.map((code) => `\`${code}\`: ${ERRORS[code].message}`).join('\n\n'),
      content: {
        [JSON_TYPE]: {
          schema: errorBodySchema(codes as [ErrorCode, ...ErrorCode[]]),
          examples: Object.fromEntries(codes.map((code) => [code, { value: { error: { code, message: ERRORS[code].message } } }])),
        },
      },
    };
  }
  return responses;
}

/** What each group of routes (the document's tags) is about. */
const TAG_DESCRIPTIONS: Record<RouteGroup, string> = {
  posts: 'Anecdotes: the feeds, one post, publishing and removing.',
  votes: '«¡Vaya día!» and «Te lo mereces», and the Top they rank.',
  reports: 'Reports of posts and comments («Denunciar»).',
  moderation: 'The community queue, moderators’ decisions, reports, suspensions and the moderation log.',
  comments: 'Comments on published posts.',
  accounts: 'The caller’s own account and apodo.',
  notifications: 'What happened to the caller’s anecdotes («Avisos»), only ever told to them, and Web Push.',
  authors: 'Author pages.',
  search: 'Search of the published archive.',
  saved: 'Saved posts («Guardadas»).',
  blocks: 'Blocking («Bloquear»): whose posts and comments fold for the caller, and whose notifications never reach them.',
  appeals: 'A suspended account’s appeal against its suspension, and the moderators’ answer.',
};

/** The OpenAPI 3.1 document of every route of the contract. */
export function buildOpenApiDocument(): ReturnType<typeof createDocument> {
  const paths: ZodOpenApiPathsObject = {};
  for (const { group, route } of allRoutes()) {
    const described: ZodOpenApiOperationObject = {
      operationId: routeKey(route),
      tags: [group],
      summary: route.summary,
      ...(route.params || route.query || route.idempotent
        ? {
            requestParams: {
              ...(route.params ? { path: route.params } : {}),
              ...(route.query ? { query: route.query } : {}),
              ...(route.idempotent ? { header: IDEMPOTENCY_HEADER } : {}),
            },
          }
        : {}),
      ...(route.body ? { requestBody: { required: true, content: { [JSON_TYPE]: { schema: route.body } } } } : {}),
      responses: responsesOf(route),
      ...(route.auth === 'public' ? {} : { security: [{ bearerAuth: [] }] }),
    };
    const method = route.method.toLowerCase() as Lowercase<Route['method']>;
    paths[route.path] = { ...paths[route.path], [method]: described };
  }

  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Vaya día API',
      version: '1',
      description:
        'Anécdotas de días malos: the public API of the site. Every body is JSON; every error is `{ "error": { "code", "message" } }` ' +
        'with a stable code for programs and a Spanish message for people. Calls that change something need a Cognito ID token as ' +
        '`Authorization: Bearer`.',
    },
    // The site's own origin: CloudFront sends the API's paths to the HTTP API.
    servers: [{ url: '/' }],
    tags: Object.entries(TAG_DESCRIPTIONS).map(([name, description]) => ({ name, description })),
    paths,
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: "The user pool's ID token." },
      },
      // Named so every operation refers to one definition of each shape.
      schemas: {
        Post: postSchema,
        OwnPost: ownPostSchema,
        PendingPost: pendingPostSchema,
        PostVotes: postVotesSchema,
        Comment: commentSchema,
        Me: meSchema,
        Author: authorSchema,
        Suspension: suspensionSchema,
        ModerationAction: moderationActionSchema,
        Notification: notificationSchema,
        Empty: z.object({}),
      },
    },
  });
}

/** The document as docs/openapi.json holds it (formatted by the repository's Prettier settings). */
export async function openApiJson(): Promise<string> {
  const options = (await prettier.resolveConfig(OPENAPI_FILE)) ?? {};
  return prettier.format(JSON.stringify(buildOpenApiDocument()), { ...options, filepath: OPENAPI_FILE });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await writeFile(OPENAPI_FILE, await openApiJson());
  console.log(`Wrote ${OPENAPI_FILE}`);
}
