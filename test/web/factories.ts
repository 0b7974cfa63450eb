import { vi } from 'vitest';
import type { Me } from '@contract/accounts';
import type { Comment } from '@contract/comments';
import type { OwnPost, Post, PostStatus } from '@contract/posts';
import type { ApiClient, CallAnswer, CallInput, CallOptions } from '../../web/src/lib/api';
import type { AuthContextValue } from '../../web/src/features/auth/context';
import type { AuthService, AuthState, AuthUser } from '../../web/src/features/auth/types';
import type { RuntimeConfig } from '@contract/documents';
import type { RouteName, RouteOf } from '@contract/routes';
import type { PagedList } from '../../web/src/lib/usePagedList';

let counter = 0;

/** A post `minutesAgo` minutes before a fixed instant; ids are unique per call unless given. */
export function aPost(overrides: Partial<Post> & { minutesAgo?: number } = {}): Post {
  counter += 1;
  const { minutesAgo = counter, ...rest } = overrides;
  const at = new Date(Date.UTC(2025, 4, 3, 12, 0, 0) - minutesAgo * 60_000).toISOString();
  return {
    id: `p${String(counter).padStart(4, '0')}`,
    name: 'lucia',
    category: 'varios',
    post: `Anécdota número ${counter}`,
    createdAt: at,
    publishedAt: at,
    votes: { agree: 0, deserved: 0 },
    comments: 0,
    ...rest,
  };
}

/** One of the signed-in user's posts in `status` (published ones have a `publishedAt`). */
export function anOwnPost(status: PostStatus, overrides: Partial<OwnPost> = {}): OwnPost {
  const post = aPost();
  return {
    ...post,
    status,
    publishedAt: status === 'published' || status === 'hidden' ? post.publishedAt : null,
    rejection: status === 'rejected' ? { reason: 'otro' } : null,
    resent: false,
    ...overrides,
  };
}

/** A fake answer to one route: given the call's input and options, as `api.call(name, input, options)` passes them. */
export type FakeRoute<N extends RouteName> = (input: CallInput<RouteOf<N>>, options?: CallOptions) => Promise<CallAnswer<RouteOf<N>>>;

/**
 * An API client whose every call fails unless the test gives its route: each test says what it uses,
 * by route name (`fakeApiClient({ 'votes.cast': vi.fn(async (input) => result) })`).
 */
export function fakeApiClient(routes: { [N in RouteName]?: FakeRoute<N> } = {}): ApiClient {
  const given = routes as Partial<Record<RouteName, (input: unknown, options?: CallOptions) => Promise<unknown>>>;
  return {
    call: vi.fn((name: RouteName, input?: unknown, options?: CallOptions) => {
      const route = given[name];
      if (!route) return Promise.reject(new Error(`${name} was not expected in this test`));
      // The options only when the call gave some, so a test asserts the input alone for a call without.
      return options === undefined ? route(input ?? {}) : route(input ?? {}, options);
    }) as ApiClient['call'],
    // A file route answers its fake's value as a JSON file named as the server would (`<route>.json`).
    download: vi.fn(async (name: RouteName, input?: unknown) => {
      const route = given[name];
      if (!route) throw new Error(`${name} was not expected in this test`);
      const answer = await route(input ?? {});
      return { blob: new Blob([JSON.stringify(answer)], { type: 'application/json' }), fileName: `${name}.json` };
    }) as ApiClient['download'],
  };
}

/** A comment `minutesAgo` minutes before the same fixed instant; ids unique per call unless given. */
export function aComment(overrides: Partial<Comment> & { minutesAgo?: number } = {}): Comment {
  counter += 1;
  const { minutesAgo = 0, ...rest } = overrides;
  return {
    id: `c${String(counter).padStart(4, '0')}`,
    postId: 'p0001',
    name: 'marta',
    text: `Comentario número ${counter}`,
    createdAt: new Date(Date.UTC(2025, 4, 3, 12, 0, 0) - minutesAgo * 60_000).toISOString(),
    parentId: null,
    votes: { up: 0, down: 0 },
    myVote: null,
    collapsed: false,
    ...rest,
  };
}

/** The runtime config (`/config.json`) the components under test read: nothing behind it answers. */
export const testConfig: RuntimeConfig = {
  region: 'local',
  userPoolId: 'local_x',
  userPoolClientId: 'client',
  apiUrl: 'http://api.test',
  wsUrl: 'ws://live.test',
};

/**
 * The sign-in context in `state`, as the components under test read it; its `service` is the one
 * given (only what the test uses), else never reached.
 */
export function anAuthContext(state: AuthState, service?: AuthService): AuthContextValue {
  return {
    state,
    service: service ? async () => service : () => Promise.reject(new Error('not used')),
    refresh: async () => state,
    signOut: async () => {},
    signOutError: null,
    redirectError: null,
  };
}

/** A feed's whole answer, already loaded, with nothing more to fetch. */
export const feedOf = (items: Post[]): PagedList<Post> => ({
  items,
  status: 'success',
  error: null,
  hasMore: false,
  loadingMore: false,
  loadMore: () => undefined,
  retry: () => undefined,
});

/**
 * An identity service standing in for Amplify, signed in as `user` (null: nobody): every call a spy that
 * does nothing unless `overrides` says otherwise; sign-out ends the session.
 */
export function anAuthService(user: AuthUser | null, overrides: Partial<AuthService> = {}): AuthService & { user: AuthUser | null } {
  const service: AuthService & { user: AuthUser | null } = {
    user,
    currentUser: vi.fn(async () => service.user),
    signIn: vi.fn(),
    signUp: vi.fn(),
    confirmSignUp: vi.fn(),
    resendSignUpCode: vi.fn(),
    resetPassword: vi.fn(),
    confirmResetPassword: vi.fn(),
    changePassword: vi.fn(),
    signOut: vi.fn(async () => {
      service.user = null;
    }),
    signInWithGoogle: vi.fn(),
    googleAvailable: false,
    getIdToken: vi.fn(async () => null),
    onChange: () => () => {},
    ...overrides,
  };
  return service;
}

/** `GET /me` of an ordinary signed-in account, not suspended, with nothing unread. */
export function aMe(overrides: Partial<Me> = {}): Me {
  return {
    name: 'Lucía',
    email: 'lucia@example.com',
    moderator: false,
    suspendedUntil: null,
    suspensionReason: null,
    unreadNotifications: 0,
    appeal: null,
    ...overrides,
  };
}
