import { requireEnv } from '../../config';
import { isPostId } from '../../domain/input';
import { connectAccess } from '../../domain/liveAccess';
import { logger } from '../../observability';
import { webSocketHandler } from '../triggers';
import { tokenVerifier } from '../../store/cognito/idTokens';
import { ENV } from '../../store/tables';
import { connectionRepository, nameStore } from '../../wiring';
import { systemTime } from '../../domain/clock';

const connections = connectionRepository();
const names = nameStore();
const env = requireEnv(ENV.tokenIssuer, ENV.tokenAudience);
const verify = tokenVerifier({ issuer: env[ENV.tokenIssuer], audience: env[ENV.tokenAudience] });

/**
 * $connect: remember the connection so the broadcasts can reach it. The feed is public: no token is
 * needed. A post's page connects with `?post=<id>` to hear that post's new comments too; a signed-in
 * app with `?token=<ID token>` to hear its account's notifications — a token the HTTP API's
 * authorizer would refuse, or a deleted account's, is refused here (401), so the socket never opens.
 * Anything else in the query is ignored.
 */
export const handler = webSocketHandler('$connect', async (event) => {
  const query = (event as { queryStringParameters?: Record<string, string | undefined> }).queryStringParameters;
  const post = query?.post;
  const watching = isPostId(post) ? post : undefined;
  const access = await connectAccess({ names, verify }, query?.token);
  if (!access.accepted) {
    logger.info('connect refused', { route: '$connect', connectionId: event.requestContext.connectionId, status: access.statusCode });
    return { statusCode: access.statusCode };
  }
  await connections.add(event.requestContext.connectionId, systemTime(), watching, access.account);
  // An account deleted while its socket was being opened: its deletion closes the sockets it finds, and
  // this one it may have missed, so the mark is read again (consistently) now that the row is written.
  if (access.account !== undefined && (await names.accountOf(access.account, { consistent: true })).deleted) {
    await connections.remove(event.requestContext.connectionId);
    logger.info('connect refused', { route: '$connect', connectionId: event.requestContext.connectionId, status: 401 });
    return { statusCode: 401 };
  }
  logger.info('connect', {
    route: '$connect',
    connectionId: event.requestContext.connectionId,
    watching,
    signedIn: access.account !== undefined,
  });
  return { statusCode: 200 };
});
