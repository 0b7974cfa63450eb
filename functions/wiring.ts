/**
 * The handlers' dependencies: each store built on first use from the tables its function declares
 * (infra/functions.ts), then kept for the life of the execution environment.
 *
 * Nothing is built when this module loads: a function's environment holds only its own tables'
 * variables, and reading one it does not declare throws (functions/config.ts `requireEnv`), so each
 * handler asks for exactly what it uses, at module scope, where a missing variable fails the init.
 * Some stores come in narrower shapes for functions that hold fewer tables (`callerVotes`,
 * `rankWriter`, `commentStore` without reports). Each getter is a plain function over a module-level
 * variable, so esbuild drops the ones a handler never calls — but not the packages their modules
 * import when those are CommonJS (web-push): the push sender's getters live in ./pushWiring.ts, so
 * only the functions that send pushes load it.
 */
import { DeleteConnectionCommand, GoneException } from '@aws-sdk/client-apigatewaymanagementapi';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { cloudFrontClient, documentClient, managementClient } from './clients';
import { requireEnv } from './config';
import { COMMENT_RATE_LIMIT } from './contract/comments';
import { TOGGLE_RATE_LIMIT } from './contract/posts';
import { CognitoAccountDirectory } from './store/cognito/accountDirectory';
import { CognitoModeratorDirectory } from './store/cognito/moderatorDirectory';
import { DynamoAuthorStore } from './store/dynamodb/authorStore';
import { DynamoBlockStore } from './store/dynamodb/blockStore';
import { DynamoCommentStore } from './store/dynamodb/commentStore';
import { DynamoCommentVoteStore } from './store/dynamodb/commentVoteStore';
import { DynamoSavedStore } from './store/dynamodb/savedStore';
import { DynamoSearchStore } from './store/dynamodb/searchStore';
import { DynamoConnectionRepository } from './store/dynamodb/connectionRepository';
import { DynamoModerationStore } from './store/dynamodb/moderationStore';
import { DynamoNameStore } from './store/dynamodb/nameStore';
import { DynamoPostRepository } from './store/dynamodb/postRepository';
import { DynamoActionCounter, DynamoRateLimiter } from './store/dynamodb/rateLimiter';
import { DynamoRankingStore } from './store/dynamodb/rankingStore';
import { DynamoSitemapSource } from './store/dynamodb/sitemapSource';
import { DynamoSuspensionStore } from './store/dynamodb/suspensionStore';
import { DynamoAppealStore } from './store/dynamodb/appealStore';
import { DynamoVoteStore } from './store/dynamodb/voteStore';
import { ENV } from './store/tables';
import { DynamoAccountData, DynamoExportLimiter } from './store/dynamodb/accountDataStore';
import { DynamoIdempotencyStore } from './store/dynamodb/idempotencyStore';
import { DynamoTopRebuildStore } from './store/dynamodb/topRebuildStore';
import { DynamoDayTopReader, DynamoNotificationStore } from './store/dynamodb/notificationStore';
import { DynamoPushSubscriptionStore } from './store/dynamodb/pushSubscriptionStore';
import { parsePushServices, type PushService } from './domain/push';
import { streamImages as decoders } from './store/streamImages';
import { CloudFrontCardCache } from './store/cloudfront/cardCache';

/** One declared variable's value (a table's name, the user pool's id); throws naming it when missing. */
const table = <K extends string>(name: K): string => requireEnv(name)[name];

let posts: DynamoPostRepository | undefined;
/**
 * The posts table; with `log`, for the functions whose changes of status are moderators' actions,
 * also the moderation table (the log entry is written with the change), and likewise with
 * `fingerprints` for the submitting functions (a text's fingerprint row is claimed with the post);
 * with `rateLimits`, for the function that sends new posts, also the rate-limits table (the author's
 * slot is taken with the post) and the names table (the author must not be marked deleted). A function uses one shape.
 */
export function postRepository(options: { log?: boolean; fingerprints?: boolean; rateLimits?: boolean } = {}): DynamoPostRepository {
  const moderation = options.log || options.fingerprints ? table(ENV.moderationTable) : undefined;
  const rateLimits = options.rateLimits ? table(ENV.rateLimitsTable) : undefined;
  // The function that sends new posts also checks, in the post's transaction, that its author is not deleted.
  const names = options.rateLimits ? table(ENV.namesTable) : undefined;
  posts ??= new DynamoPostRepository(documentClient, table(ENV.postsTable), moderation, rateLimits, names);
  return posts;
}

let sitemap: DynamoSitemapSource | undefined;
/** The sitemap's reads of the posts table's feed index. */
export function sitemapSource(): DynamoSitemapSource {
  sitemap ??= new DynamoSitemapSource(documentClient, table(ENV.postsTable));
  return sitemap;
}

let publishLimiter: DynamoRateLimiter | undefined;
/** The posts' publish limit, in the rate-limits table (its slot is taken by the post's own write). */
export function publishRateLimiter(): DynamoRateLimiter {
  publishLimiter ??= new DynamoRateLimiter(documentClient, table(ENV.rateLimitsTable));
  return publishLimiter;
}

let toggleCounter: DynamoActionCounter | undefined;
/** Vote and save toggles per account and minute (rate-limits table, `toggles#…` rows). */
export function toggleLimiter(): DynamoActionCounter {
  toggleCounter ??= new DynamoActionCounter(documentClient, table(ENV.rateLimitsTable), TOGGLE_RATE_LIMIT, 'toggles#');
  return toggleCounter;
}

let commentLimiter: DynamoRateLimiter | undefined;
/** COMMENT_RATE_LIMIT per user, in the rate-limits table beside (not sharing) the posts' limit. */
export function commentRateLimiter(): DynamoRateLimiter {
  commentLimiter ??= new DynamoRateLimiter(documentClient, table(ENV.rateLimitsTable), COMMENT_RATE_LIMIT, 'comments#');
  return commentLimiter;
}

let topRebuild: DynamoTopRebuildStore | undefined;
/** The Top's rebuild: published posts (posts table) and their rank rows (top table). */
export function topRebuildStore(): DynamoTopRebuildStore {
  topRebuild ??= new DynamoTopRebuildStore(documentClient, { posts: table(ENV.postsTable), top: table(ENV.topTable) });
  return topRebuild;
}

let idempotency: DynamoIdempotencyStore | undefined;
/** The idempotent writes' records (idempotency table). */
export function idempotencyStore(): DynamoIdempotencyStore {
  idempotency ??= new DynamoIdempotencyStore(documentClient, table(ENV.idempotencyTable));
  return idempotency;
}

let names: DynamoNameStore | undefined;
/** The apodos (names table). */
export function nameStore(): DynamoNameStore {
  names ??= new DynamoNameStore(documentClient, table(ENV.namesTable));
  return names;
}

let moderation: DynamoModerationStore | undefined;
/** Moderation votes and reports (moderation table), written with the post (posts table). */
export function moderationStore(): DynamoModerationStore {
  moderation ??= new DynamoModerationStore(documentClient, { posts: table(ENV.postsTable), moderation: table(ENV.moderationTable) });
  return moderation;
}

let moderationCounts: DynamoModerationStore | undefined;
/** Reads of the moderation table only (a voter's count of the day): no posts table. */
export function moderationCountStore(): DynamoModerationStore {
  moderationCounts ??= new DynamoModerationStore(documentClient, { moderation: table(ENV.moderationTable) });
  return moderationCounts;
}

let comments: DynamoCommentStore | undefined;
/**
 * Comments (comments table) counted on their post (posts table); with `moderation`, for the functions
 * that record reports or moderators' actions (the log), also the moderation table; with `rateLimits`,
 * for the function that adds comments, also the rate-limits table (the author's slot is taken with
 * the comment). A function uses one shape.
 */
export function commentStore(options: { moderation?: boolean; rateLimits?: boolean } = {}): DynamoCommentStore {
  comments ??= new DynamoCommentStore(documentClient, {
    comments: table(ENV.commentsTable),
    posts: table(ENV.postsTable),
    moderation: options.moderation ? table(ENV.moderationTable) : undefined,
    rateLimits: options.rateLimits ? table(ENV.rateLimitsTable) : undefined,
    // The function that adds comments also checks, in the comment's transaction, that its author is not deleted.
    names: options.rateLimits ? table(ENV.namesTable) : undefined,
  });
  return comments;
}

let commentVotes: DynamoCommentVoteStore | undefined;
/** «+1 / −1» on comments (comment-votes table); with `counts`, for the functions that change them, the comments table too. */
export function commentVoteStore(options: { counts?: boolean } = {}): DynamoCommentVoteStore {
  commentVotes ??= new DynamoCommentVoteStore(documentClient, {
    commentVotes: table(ENV.commentVotesTable),
    ...(options.counts ? { comments: table(ENV.commentsTable) } : {}),
  });
  return commentVotes;
}

let votes: DynamoVoteStore | undefined;
/** Votes on published posts (votes table), written with the post's counters (posts table). */
export function voteStore(): DynamoVoteStore {
  votes ??= new DynamoVoteStore(documentClient, { posts: table(ENV.postsTable), votes: table(ENV.votesTable) });
  return votes;
}

let ownVotes: DynamoVoteStore | undefined;
/** Reads of the caller's own vote rows only: the votes table, no posts table. */
export function callerVotes(): DynamoVoteStore {
  ownVotes ??= new DynamoVoteStore(documentClient, { votes: table(ENV.votesTable) });
  return ownVotes;
}

let top: DynamoRankingStore | undefined;
/** The Top's pages: rank rows (top table) and the posts they name (posts table). */
export function rankingStore(): DynamoRankingStore {
  top ??= new DynamoRankingStore(documentClient, { posts: table(ENV.postsTable), top: table(ENV.topTable) });
  return top;
}

let rankRows: DynamoRankingStore | undefined;
/** Writes of rank rows only (top table): the posts it ranks arrive in the stream records. */
export function rankWriter(): DynamoRankingStore {
  rankRows ??= new DynamoRankingStore(documentClient, { top: table(ENV.topTable) });
  return rankRows;
}

let connections: DynamoConnectionRepository | undefined;
/** Open WebSocket connections (connections table). */
export function connectionRepository(): DynamoConnectionRepository {
  connections ??= new DynamoConnectionRepository(documentClient, table(ENV.connectionsTable));
  return connections;
}

let accounts: CognitoAccountDirectory | undefined;
/** The user pool's accounts. */
export function accountDirectory(): CognitoAccountDirectory {
  accounts ??= new CognitoAccountDirectory(new CognitoIdentityProviderClient({}), table(ENV.userPoolId));
  return accounts;
}

let suspensions: DynamoSuspensionStore | undefined;
/** Suspensions and the moderation log (moderation table), with the account rows (names table). */
export function suspensionStore(): DynamoSuspensionStore {
  suspensions ??= new DynamoSuspensionStore(documentClient, { moderation: table(ENV.moderationTable), names: table(ENV.namesTable) });
  return suspensions;
}

let appeals: DynamoAppealStore | undefined;
/** Appeals against suspensions (moderation table): read, made, exported and deleted. */
export function appealStore(): DynamoAppealStore {
  appeals ??= new DynamoAppealStore(documentClient, { moderation: table(ENV.moderationTable) });
  return appeals;
}

let appealDecisions: DynamoAppealStore | undefined;
/** Appeals with what answering one writes besides: the account row (a lift) and the author's notification. */
export function appealDecisionStore(): DynamoAppealStore {
  appealDecisions ??= new DynamoAppealStore(
    documentClient,
    { moderation: table(ENV.moderationTable) },
    { names: table(ENV.namesTable), notifications: table(ENV.notificationsTable) },
  );
  return appealDecisions;
}

let moderatorsGroup: CognitoModeratorDirectory | undefined;
/** The user pool's `moderadores` group. */
export function moderatorDirectory(): CognitoModeratorDirectory {
  moderatorsGroup ??= new CognitoModeratorDirectory(new CognitoIdentityProviderClient({}), table(ENV.userPoolId));
  return moderatorsGroup;
}

let authors: DynamoAuthorStore | undefined;
/** Author pages: apodos (names table) and each author's published posts (posts table). */
export function authorStore(): DynamoAuthorStore {
  authors ??= new DynamoAuthorStore(documentClient, { posts: table(ENV.postsTable), names: table(ENV.namesTable) });
  return authors;
}

let saved: DynamoSavedStore | undefined;
/** «Guardadas» (saved table); with `posts`, for reading the list, also the posts table. A function uses one shape. */
export function savedStore(options: { posts?: boolean } = {}): DynamoSavedStore {
  saved ??= new DynamoSavedStore(documentClient, table(ENV.savedTable), options.posts ? table(ENV.postsTable) : undefined);
  return saved;
}

let notifications: DynamoNotificationStore | undefined;
/**
 * An account's notifications (notifications table); with `posts`, for listing them, also the posts
 * table; with `accounts`, for the functions that write them, also the names table (no notification is
 * written for a deleted account). A function uses one shape.
 */
export function notificationStore(options: { posts?: boolean; accounts?: boolean } = {}): DynamoNotificationStore {
  notifications ??= new DynamoNotificationStore(
    documentClient,
    table(ENV.notificationsTable),
    options.posts ? table(ENV.postsTable) : undefined,
    options.accounts ? table(ENV.namesTable) : undefined,
  );
  return notifications;
}

let dayTop: DynamoDayTopReader | undefined;
/** The day's Top by «¡Vaya día!» (the top table's ranking index), for the notifications of entering it. */
export function dayTopReader(): DynamoDayTopReader {
  dayTop ??= new DynamoDayTopReader(documentClient, table(ENV.topTable));
  return dayTop;
}

let pushSubscriptions: DynamoPushSubscriptionStore | undefined;
/** Devices' Web Push subscriptions (push-subscriptions table). */
export function pushSubscriptionStore(): DynamoPushSubscriptionStore {
  pushSubscriptions ??= new DynamoPushSubscriptionStore(documentClient, table(ENV.pushSubscriptionsTable));
  return pushSubscriptions;
}

let cards: CloudFrontCardCache | undefined;
/** The share cards the site's CloudFront distribution keeps. */
export function cardCache(): CloudFrontCardCache {
  cards ??= new CloudFrontCardCache(cloudFrontClient(), table(ENV.siteDistribution));
  return cards;
}

let services: PushService[] | undefined;
/** The push services a subscription's endpoint may be on (the deployment's allow-list). */
export function pushServices(): PushService[] {
  services ??= parsePushServices(table(ENV.pushServices));
  return services;
}

let searchIndex: DynamoSearchStore | undefined;
/** The search index (search table); with `posts`, for answering queries, also the posts table. A function uses one shape. */
export function searchStore(options: { posts?: boolean } = {}): DynamoSearchStore {
  searchIndex ??= new DynamoSearchStore(documentClient, {
    search: table(ENV.searchTable),
    ...(options.posts ? { posts: table(ENV.postsTable) } : {}),
  });
  return searchIndex;
}

let accountExport: DynamoAccountData | undefined;
/** An account's rows in every table it wrote to, and when its Cognito user was created, for its data export. */
export function accountDataReader(): DynamoAccountData {
  accountExport ??= new DynamoAccountData(
    documentClient,
    {
      posts: table(ENV.postsTable),
      comments: table(ENV.commentsTable),
      votes: table(ENV.votesTable),
      commentVotes: table(ENV.commentVotesTable),
      saved: table(ENV.savedTable),
      notifications: table(ENV.notificationsTable),
      moderation: table(ENV.moderationTable),
      pushSubscriptions: table(ENV.pushSubscriptionsTable),
    },
    { createdAt: (username) => accountDirectory().createdAt(username) },
  );
  return accountExport;
}

let exportLimiter: DynamoExportLimiter | undefined;
/** EXPORT_RATE_LIMIT per account, in the rate-limits table. */
export function accountExportLimiter(): DynamoExportLimiter {
  exportLimiter ??= new DynamoExportLimiter(documentClient, table(ENV.rateLimitsTable));
  return exportLimiter;
}

let accountEnd: DynamoAccountData | undefined;
/**
 * What a deleted account leaves: its posts and comments (when it asked), its notifications and its open
 * sockets, closed through the WebSocket API's management endpoint.
 */
export function accountErasure(): DynamoAccountData {
  if (accountEnd) return accountEnd;
  const management = managementClient(table(ENV.wsManagementEndpoint));
  accountEnd = new DynamoAccountData(
    documentClient,
    {
      posts: table(ENV.postsTable),
      comments: table(ENV.commentsTable),
      notifications: table(ENV.notificationsTable),
      moderation: table(ENV.moderationTable),
      connections: table(ENV.connectionsTable),
    },
    {
      async close(connectionId) {
        try {
          await management.send(new DeleteConnectionCommand({ ConnectionId: connectionId }));
        } catch (error) {
          const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
          if (!(error instanceof GoneException) && status !== 410) throw error;
        }
      },
    },
  );
  return accountEnd;
}

let blocks: DynamoBlockStore | undefined;
/**
 * Blocks (blocks table); with `names`, for the functions that find accounts by apodo or list the
 * blocked apodos, also the names table (checking a block needs only the blocks table). A function uses one shape.
 */
export function blockStore(options: { names?: boolean } = {}): DynamoBlockStore {
  blocks ??= new DynamoBlockStore(documentClient, table(ENV.blocksTable), options.names ? table(ENV.namesTable) : undefined);
  return blocks;
}

/** The tables' stream records decoded into the domain's changes (functions/store/streamImages.ts). */
export function streamImages(): typeof decoders {
  return decoders;
}
