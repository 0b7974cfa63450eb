import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backoffDelay, openLiveSocket, parseLiveMessage } from '../../web/src/features/live/liveSocket';
import { connectLive } from '../../web/src/features/live/connect';
import { aPost } from './factories';
import { FakeSocket } from './fakeSocket';

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.instances = [];
});
afterEach(() => vi.useRealTimers());

function open(overrides: Partial<Parameters<typeof openLiveSocket>[0]> = {}) {
  const onPost = vi.fn();
  const onRemoved = vi.fn();
  const onReconnect = vi.fn();
  const onStatus = vi.fn();
  const stop = openLiveSocket({
    url: 'ws://live.test',
    onPublished: onPost,
    onRemoved,
    onReconnect,
    onStatus,
    createSocket: (url) => new FakeSocket(url) as unknown as WebSocket,
    random: () => 1,
    ...overrides,
  });
  return { onPost, onRemoved, onReconnect, onStatus, stop };
}

describe('backoffDelay', () => {
  it('doubles from about a second up to thirty, with jitter', () => {
    expect(backoffDelay(0, () => 1)).toBe(1000);
    expect(backoffDelay(3, () => 1)).toBe(8000);
    expect(backoffDelay(10, () => 1)).toBe(30_000);
    expect(backoffDelay(1, () => 0)).toBe(1000);
  });
});

describe('parseLiveMessage', () => {
  it('accepts post.published with a post and post.removed with an id, and ignores anything else', () => {
    const post = aPost();
    expect(parseLiveMessage(JSON.stringify({ type: 'post.published', post }))).toEqual({ type: 'post.published', post });
    expect(parseLiveMessage(JSON.stringify({ type: 'post.removed', id: 'p1' }))).toEqual({ type: 'post.removed', id: 'p1' });
    expect(parseLiveMessage('not json')).toBeNull();
    expect(parseLiveMessage(JSON.stringify({ type: 'other', post }))).toBeNull();
    expect(parseLiveMessage(JSON.stringify({ type: 'post.created', post }))).toBeNull();
    expect(parseLiveMessage(JSON.stringify({ type: 'post.published', post: { id: 1 } }))).toBeNull();
    expect(parseLiveMessage(JSON.stringify({ type: 'post.removed', id: 7 }))).toBeNull();
    expect(parseLiveMessage(JSON.stringify({ type: 'post.removed', id: '' }))).toBeNull();
    expect(parseLiveMessage('null')).toBeNull();
  });
});

describe('openLiveSocket', () => {
  it('delivers posts entering and leaving the feeds', () => {
    const { onPost, onRemoved } = open();
    const post = aPost();
    FakeSocket.latest().open();
    FakeSocket.latest().send({ type: 'post.published', post });
    FakeSocket.latest().send({ type: 'post.removed', id: post.id });
    expect(onPost).toHaveBeenCalledWith(post);
    expect(onRemoved).toHaveBeenCalledWith(post.id);
  });

  it('reconnects with growing delays and asks for a refetch once it is back', () => {
    const { onReconnect, onStatus } = open();
    FakeSocket.latest().open();
    expect(onReconnect).not.toHaveBeenCalled();

    FakeSocket.latest().drop();
    expect(onStatus).toHaveBeenLastCalledWith('reconnecting');
    vi.advanceTimersByTime(999);
    expect(FakeSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.instances).toHaveLength(2);

    FakeSocket.latest().drop(); // the retry fails too: next wait is 2 s
    vi.advanceTimersByTime(1999);
    expect(FakeSocket.instances).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.instances).toHaveLength(3);

    FakeSocket.latest().open();
    expect(onReconnect).toHaveBeenCalledTimes(1);
    expect(onStatus).toHaveBeenLastCalledWith('open');
  });

  it('reconnects at once when the browser comes back online', () => {
    open();
    FakeSocket.latest().open();
    FakeSocket.latest().drop();
    window.dispatchEvent(new Event('online'));
    expect(FakeSocket.instances).toHaveLength(2);
  });

  it('stops for good when closed: no reconnect, no more posts', () => {
    const { stop, onPost } = open();
    const socket = FakeSocket.latest();
    socket.open();
    stop();
    expect(socket.closed).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.instances).toHaveLength(1);
    socket.send({ type: 'post.published', post: aPost() });
    expect(onPost).not.toHaveBeenCalled();
  });
});

describe('connectLive (the socket from its own script)', () => {
  const handlers = {
    onPublished: () => undefined,
    onRemoved: () => undefined,
    onReconnect: () => undefined,
    createSocket: (url: string) => new FakeSocket(url) as unknown as WebSocket,
  };

  it('opens the socket once its script has arrived, and closes it for good', async () => {
    const onPublished = vi.fn();
    const stop = connectLive({ ...handlers, url: 'ws://live.test', onPublished });
    const socket = await FakeSocket.made();
    socket.open();
    socket.send({ type: 'post.published', post: aPost() });
    expect(onPublished).toHaveBeenCalledTimes(1);
    stop();
    expect(socket.closed).toBe(true);
  });

  it('opens none when the page closed it before the script arrived', async () => {
    const stop = connectLive({ ...handlers, url: 'ws://live.test' });
    stop();
    await vi.dynamicImportSettled();
    expect(FakeSocket.instances).toHaveLength(0);
  });
});
