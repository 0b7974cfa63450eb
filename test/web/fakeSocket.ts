import { afterEach, beforeEach, vi } from 'vitest';

/** A stand-in for the browser WebSocket that the test drives by hand. */
export class FakeSocket {
  static instances: FakeSocket[] = [];
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;

  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }

  static latest(): FakeSocket {
    const socket = FakeSocket.instances.at(-1);
    if (!socket) throw new Error('no socket opened');
    return socket;
  }

  /** The latest socket, once the app has made one: it loads the socket's own script first (features/live/connect.ts). */
  static made(): Promise<FakeSocket> {
    return vi.waitFor(() => FakeSocket.latest());
  }

  open() {
    this.onopen?.(new Event('open'));
  }

  send(data: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: typeof data === 'string' ? data : JSON.stringify(data) }));
  }

  /** The server (or the network) drops the connection. */
  drop() {
    this.closed = true;
    this.onclose?.(new CloseEvent('close'));
  }

  close() {
    if (this.closed) return;
    this.closed = true;
    this.onclose?.(new CloseEvent('close'));
  }
}

/** In the tests that follow (the file's, or the describe block's), the browser's WebSocket is a FakeSocket, none made yet. */
export function withFakeSockets(): void {
  beforeEach(() => {
    FakeSocket.instances = [];
    vi.stubGlobal('WebSocket', FakeSocket);
  });
  afterEach(() => vi.unstubAllGlobals());
}
