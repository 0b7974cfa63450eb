import type { Comment, CommentVotes } from '@contract/comments';
import { toLiveMessage, type LiveMessage } from '@contract/live';
import { type Notification } from '@contract/notifications';
import { type Post, type PostVotes } from '@contract/posts';

export type LiveStatus = 'connecting' | 'open' | 'reconnecting';

export type LiveSocketOptions = {
  url: string;
  /**
   * The address to open instead of `url`, asked again before every (re)connection: a signed-in app's
   * `?token=` with the ID token as it is now, so a socket reopened after a token refresh carries the
   * fresh one (an expired token is refused at connect, and the next attempt asks again).
   */
  resolveUrl?: () => Promise<string>;
  /** A notification of the signed-in account (sockets opened with `?token=` only). */
  onNotification?: (notification: Notification) => void;
  /** A post entered the feeds. */
  onPublished: (post: Post) => void;
  /** A post left the feeds (removed, or hidden by reports). */
  onRemoved: (id: string) => void;
  /** A published post's counts changed (at most once a second per post). */
  onUpdated?: (id: string, votes: PostVotes, comments: number) => void;
  /** A new comment on the post this socket reads (sockets opened with `?post=<id>` only). */
  onCommentCreated?: (comment: Comment) => void;
  /** A comment's counts changed (at most once a second per comment). */
  onCommentUpdated?: (id: string, votes: CommentVotes) => void;
  /** Called when a connection opens again after being lost: time to refetch what was missed. */
  onReconnect: () => void;
  onStatus?: (status: LiveStatus) => void;
  /** Injected in tests. */
  createSocket?: (url: string) => WebSocket;
  random?: () => number;
};

/** First retry after ~1 s, doubling up to 30 s, with jitter so many clients do not retry together. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(30_000, 1_000 * 2 ** attempt);
  return Math.round(base * (0.5 + random() / 2));
}

/** Parses a frame from the server; anything that is not a well-formed live message is ignored. */
export function parseLiveMessage(data: unknown): LiveMessage | null {
  if (typeof data !== 'string') return null;
  try {
    return toLiveMessage(JSON.parse(data));
  } catch {
    return null;
  }
}

/**
 * Keeps a WebSocket to the live feed open: reconnects with backoff when it closes (API Gateway drops
 * idle connections after 10 minutes), at once when the browser comes back online or the tab becomes
 * visible. Returns a function that closes it for good.
 */
export function openLiveSocket(options: LiveSocketOptions): () => void {
  const {
    url,
    resolveUrl,
    onNotification,
    onPublished,
    onRemoved,
    onUpdated,
    onCommentCreated,
    onCommentUpdated,
    onReconnect,
    onStatus,
    createSocket = (u) => new WebSocket(u),
    random = Math.random,
  } = options;
  const CONNECTING = {} as WebSocket;
  let socket: WebSocket | null = null;
  let attempt = 0;
  let everOpened = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  function connect() {
    clearTimeout(timer);
    timer = undefined;
    if (stopped) return;
    onStatus?.(everOpened ? 'reconnecting' : 'connecting');
    if (!resolveUrl) {
      open(url);
      return;
    }
    // A placeholder while the address is made, so `reconnectNow` does not start a second one.
    socket = CONNECTING;
    resolveUrl().then(
      (resolved) => {
        if (socket === CONNECTING && !stopped) open(resolved);
      },
      () => {
        if (socket !== CONNECTING) return;
        socket = null;
        scheduleReconnect();
      },
    );
  }

  function open(address: string) {
    const current = createSocket(address);
    socket = current;
    current.onopen = () => {
      attempt = 0;
      onStatus?.('open');
      if (everOpened) onReconnect();
      everOpened = true;
    };
    current.onmessage = (event: MessageEvent) => {
      const message = parseLiveMessage(event.data);
      if (message?.type === 'post.published') onPublished(message.post);
      else if (message?.type === 'post.removed') onRemoved(message.id);
      else if (message?.type === 'post.updated') onUpdated?.(message.id, message.votes, message.comments);
      else if (message?.type === 'comment.created') onCommentCreated?.(message.comment);
      else if (message?.type === 'comment.updated') onCommentUpdated?.(message.id, message.votes);
      else if (message?.type === 'notification.created') onNotification?.(message.notification);
    };
    current.onclose = () => {
      if (socket !== current) return;
      socket = null;
      scheduleReconnect();
    };
    current.onerror = () => current.close();
  }

  function scheduleReconnect() {
    if (stopped || timer !== undefined) return;
    onStatus?.('reconnecting');
    timer = setTimeout(connect, backoffDelay(attempt, random));
    attempt += 1;
  }

  function reconnectNow() {
    if (!stopped && socket === null) connect();
  }
  function onVisibility() {
    if (document.visibilityState === 'visible') reconnectNow();
  }

  window.addEventListener('online', reconnectNow);
  document.addEventListener('visibilitychange', onVisibility);
  connect();

  return () => {
    stopped = true;
    clearTimeout(timer);
    window.removeEventListener('online', reconnectNow);
    document.removeEventListener('visibilitychange', onVisibility);
    const current = socket === CONNECTING ? null : socket;
    socket = null;
    if (current) {
      current.onclose = null;
      current.onmessage = null;
      current.close();
    }
  };
}
