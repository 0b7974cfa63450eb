/**
 * The image function: the share cards under `/og/` (functions/domain/shareCards.ts), as PNG. Behind
 * CloudFront on AWS (its function URL is the origin of the `/og/*` behaviour, infra/constructs/site.ts,
 * with a long cache keyed by the path and `v`), and called by the local web server the same way.
 *
 * - `200` the card, kept {@link SHARE_CARD_MAX_AGE} seconds (the URL changes with the content);
 * - `302` to the current version for any other `v` (an edit, a rename, an old link), kept a few seconds;
 * - `404` for what is not public (pending, rejected, hidden, removed, unknown) or not a card.
 *
 * Its WebAssembly (satori's layout, resvg) and fonts are files beside the handler (the declaration's
 * `files`, infra/functions.ts): in the bundle on AWS, copied for it by the local cloud; both are
 * `LAMBDA_TASK_ROOT`.
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { requireEnv } from '../../config';
import { SHARE_CARD_MAX_AGE } from '../../contract/shareCards';
import { shareCardRequest } from '../../domain/shareCards';
import { SHARE_CARD_FILES } from '../../images/assets';
import { cardRenderer } from '../../images/shareCardRenderer';
import { loggedRequest } from '../../observability';
import { postRepository } from '../../wiring';

const env = requireEnv('LAMBDA_TASK_ROOT');
const deps = { posts: postRepository() };

const file = async (name: string) => new Uint8Array(await readFile(join(env.LAMBDA_TASK_ROOT, name)));
const renderer = cardRenderer(async () => {
  const [layoutWasm, resvgWasm, regular, regularExtended, bold] = await Promise.all([
    file(SHARE_CARD_FILES.layoutWasm),
    file(SHARE_CARD_FILES.resvgWasm),
    file(SHARE_CARD_FILES.regular),
    file(SHARE_CARD_FILES.regularExtended),
    file(SHARE_CARD_FILES.bold),
  ]);
  return { layoutWasm, resvgWasm, fonts: { regular, regularExtended, bold } };
});

/** The site's card, drawn once per execution environment (it changes only with a deployment). */
let siteCard: Promise<Uint8Array> | undefined;

/** Redirects and 404s are kept briefly: a post published a moment later gets its card soon. */
const SHORT_CACHE = 'public, max-age=10, s-maxage=10';

const text = (statusCode: number, body: string, headers: Record<string, string> = {}): APIGatewayProxyStructuredResultV2 => ({
  statusCode,
  headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': SHORT_CACHE, 'x-content-type-options': 'nosniff', ...headers },
  body,
});

export const handler = (event: APIGatewayProxyEventV2, context?: Context): Promise<APIGatewayProxyStructuredResultV2> => {
  const method = event.requestContext?.http?.method ?? 'GET';
  const path = event.rawPath;
  return loggedRequest(context, { requestId: event.requestContext?.requestId, method, route: 'shareCard', path }, async () => {
    try {
      if (method !== 'GET' && method !== 'HEAD')
        return { result: text(405, 'Método no permitido.\n', { allow: 'GET, HEAD', 'cache-control': 'no-store' }) };
      const version = new URLSearchParams(event.rawQueryString ?? '').get('v');
      const request = await shareCardRequest(deps, path, version);
      if (request.kind === 'notFound') return { result: text(404, 'No encontrado.\n') };
      if (request.kind === 'moved') return { result: text(302, 'Movido.\n', { location: request.location }) };
      const png =
        request.kind === 'site'
          ? await (siteCard ??= renderer.siteCard().catch((error: unknown) => {
              siteCard = undefined;
              throw error;
            }))
          : await renderer.postCard(request.post);
      return {
        result: {
          statusCode: 200,
          headers: {
            'content-type': 'image/png',
            'cache-control': `public, max-age=${SHARE_CARD_MAX_AGE}, s-maxage=${SHARE_CARD_MAX_AGE}, immutable`,
            'x-content-type-options': 'nosniff',
          },
          body: method === 'HEAD' ? '' : Buffer.from(png).toString('base64'),
          isBase64Encoded: method !== 'HEAD',
        },
      };
    } catch (error) {
      return { result: text(500, 'Error interno. Inténtalo de nuevo en un momento.\n', { 'cache-control': 'no-store' }), failure: error };
    }
  });
};
