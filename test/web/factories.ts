import { vi } from 'vitest';
import type { Comment } from '@contract/comments';
import type { OwnPost, Post, PostStatus } from '@contract/posts';
import type { RuntimeConfig } from '@contract/documents';
import type { ApiClient } from '../../web/src/lib/api';
import type { AuthContextValue } from '../../web/src/features/auth/context';
import type { AuthState } from '../../web/src/features/auth/types';

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

/** An API client whose every call fails unless the test gives it: each test says what it uses. */
export function fakeApiClient(overrides: Partial<ApiClient> = {}): ApiClient {
  const unused = (name: string) => vi.fn(() => Promise.reject(new Error(`${name} was not expected in this test`)));
  return {
    call: unused('call'),
    listPosts: unused('listPosts'),
    getPost: unused('getPost'),
    randomPost: unused('randomPost'),
    createPost: unused('createPost'),
    myPosts: unused('myPosts'),
    deletePost: unused('deletePost'),
    resendPost: unused('resendPost'),
    reportPost: unused('reportPost'),
    nextForModeration: unused('nextForModeration'),
    voteOnPost: unused('voteOnPost'),
    skipPost: unused('skipPost'),
    pendingPosts: unused('pendingPosts'),
    moderationToday: unused('moderationToday'),
    decideOnPost: unused('decideOnPost'),
    reported: unused('reported'),
    listComments: unused('listComments'),
    createComment: unused('createComment'),
    deleteComment: unused('deleteComment'),
    reportComment: unused('reportComment'),
    decideOnComment: unused('decideOnComment'),
    me: unused('me'),
    setMyName: unused('setMyName'),
    deleteMe: unused('deleteMe'),
    castVote: unused('castVote'),
    removeVote: unused('removeVote'),
    myVotes: unused('myVotes'),
    topPosts: unused('topPosts'),
    suspendAuthor: unused('suspendAuthor'),
    suspensions: unused('suspensions'),
    liftSuspension: unused('liftSuspension'),
    moderationLog: unused('moderationLog'),
    author: unused('author'),
    authorPosts: unused('authorPosts'),
    search: unused('search'),
    savePost: unused('savePost'),
    unsavePost: unused('unsavePost'),
    savedPosts: unused('savedPosts'),
    savedIds: unused('savedIds'),
    notifications: unused('notifications'),
    markNotificationsRead: unused('markNotificationsRead'),
    pushKey: unused('pushKey'),
    subscribePush: unused('subscribePush'),
    unsubscribePush: unused('unsubscribePush'),
    ...overrides,
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

/** The sign-in context in `state`, as the components under test read it; its service is never reached. */
export function anAuthContext(state: AuthState): AuthContextValue {
  return {
    state,
    service: () => Promise.reject(new Error('not used')),
    refresh: async () => state,
    signOut: async () => {},
    signOutError: null,
    redirectError: null,
  };
}
