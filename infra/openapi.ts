/**
 * The API's OpenAPI 3.1 description, built from the contract (functions/contract/api.ts: parameters,
 * bodies, answers and error codes, all zod schemas) and the function manifest (infra/functions.ts:
 * which routes exist and which need a token). `npm run openapi` writes it to docs/openapi.json, which
 * the page function serves at /api/openapi.json; test/infra/openapi.test.ts checks the file is what
 * this would write.
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
import { IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY_WINDOW_HOURS, IDEMPOTENT_ROUTES } from '../functions/contract/common';
import { API_OPERATIONS, type Operation } from '../functions/contract/api';
import { commentSchema } from '../functions/contract/comments';
import { ERRORS, errorBodySchema, type ErrorCode } from '../functions/contract/errors';
import { moderationActionSchema, pendingPostSchema, suspensionSchema } from '../functions/contract/moderation';
import { ownPostSchema, postSchema, postVotesSchema } from '../functions/contract/posts';
import { FUNCTIONS, type HttpTrigger } from './functions';

/** Where `npm run openapi` writes the document (committed; the page function bundles it). */
export const OPENAPI_FILE = fileURLToPath(new URL('../docs/openapi.json', import.meta.url));

/** The manifest's HTTP routes, `METHOD /path` (API Gateway's route keys). */
export function httpRoutes(): Array<HttpTrigger & { key: string }> {
  return FUNCTIONS.flatMap((fn) => (fn.trigger.type === 'http' ? [{ ...fn.trigger, key: `${fn.trigger.method} ${fn.trigger.path}` }] : []));
}

/** The writes a suspended account may still make: deleting its own post, comment or account (their handlers say `kind`). */
const SUSPENSION_KEEPS = ['DELETE /posts/{id}', 'DELETE /comments/{id}', 'DELETE /me'];

/** The error codes a route answers: its own, and those its kind shares (see {@link Operation.errors}). */
/** The Idempotency-Key header of the idempotent writes (DESIGN §3b). */
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

export function errorCodesOf(operation: Operation, route: Pick<HttpTrigger, 'auth' | 'method' | 'path'>): ErrorCode[] {
  const codes = new Set<ErrorCode>(operation.errors);
  if (operation.body) (['INVALID_JSON', 'PAYLOAD_TOO_LARGE'] as const).forEach((code) => codes.add(code));
  if (route.auth === 'user') {
    codes.add('UNAUTHORIZED');
    // The account state read on every signed-in route (functions/domain/accountState.ts).
    const key = `${route.method} ${route.path}`;
    if (key !== 'DELETE /me') codes.add('ACCOUNT_DELETED');
    if (route.method !== 'GET' && !SUSPENSION_KEEPS.includes(key)) codes.add('ACCOUNT_SUSPENDED');
  }
  // Idempotent writes (functions/domain/idempotency.ts, checked in the HTTP edge).
  if (IDEMPOTENT_ROUTES.includes(`${route.method} ${route.path}`))
    (['INVALID_IDEMPOTENCY_KEY', 'REQUEST_IN_PROGRESS'] as const).forEach((code) => codes.add(code));
  codes.add('INTERNAL_ERROR');
  // The database or a service throttled or unreachable for now (functions/handlers/http/http.ts).
  codes.add('SERVICE_UNAVAILABLE');
  return [...codes];
}

const JSON_TYPE = 'application/json';

function responsesOf(operation: Operation, route: HttpTrigger): ZodOpenApiResponsesObject {
  const { success } = operation;
  const responses: ZodOpenApiResponsesObject = {
    [success.status]: success.schema
      ? { description: success.description, content: { [JSON_TYPE]: { schema: success.schema } } }
      : { description: success.description },
  };
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of errorCodesOf(operation, route))
    byStatus.set(ERRORS[code].status, [...(byStatus.get(ERRORS[code].status) ?? []), code]);
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

/** The OpenAPI 3.1 document of every HTTP route of the manifest; throws when the two disagree. */
export function buildOpenApiDocument(): ReturnType<typeof createDocument> {
  const routes = httpRoutes();
  const missing = routes.filter((route) => !(route.key in API_OPERATIONS)).map((route) => route.key);
  const unknown = Object.keys(API_OPERATIONS).filter((key) => !routes.some((route) => route.key === key));
  if (missing.length > 0 || unknown.length > 0)
    throw new Error(
      `functions/contract/api.ts and infra/functions.ts disagree: missing ${missing.join(', ')}; unknown ${unknown.join(', ')}`,
    );

  const paths: ZodOpenApiPathsObject = {};
  for (const route of routes) {
    const operation = API_OPERATIONS[route.key]!;
    const idempotent = IDEMPOTENT_ROUTES.includes(`${route.method} ${route.path}`);
    const described: ZodOpenApiOperationObject = {
      operationId: route.key,
      tags: [operation.tag],
      summary: operation.summary,
      ...(operation.path || operation.query || idempotent
        ? {
            requestParams: {
              ...(operation.path ? { path: operation.path } : {}),
              ...(operation.query ? { query: operation.query } : {}),
              ...(idempotent ? { header: IDEMPOTENCY_HEADER } : {}),
            },
          }
        : {}),
      ...(operation.body ? { requestBody: { required: true, content: { [JSON_TYPE]: { schema: operation.body } } } } : {}),
      responses: responsesOf(operation, route),
      ...(route.auth === 'user' ? { security: [{ bearerAuth: [] }] } : {}),
    };
    const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
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
    tags: [
      { name: 'posts', description: 'Anecdotes: the feeds, one post, publishing and removing.' },
      { name: 'comments', description: 'Comments on published posts.' },
      { name: 'votes', description: '«¡Vaya día!» and «Te lo mereces», and the Top they rank.' },
      { name: 'moderation', description: 'The community queue, moderators’ decisions, reports, suspensions and the moderation log.' },
      { name: 'accounts', description: 'The caller’s own account and apodo.' },
      { name: 'discovery', description: 'Author pages, search and saved posts.' },
      { name: 'notifications', description: 'What happened to the caller’s anecdotes («Avisos»), only ever told to them.' },
    ],
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
