/**
 * The web client against the contract, by type: what `api.call` takes and answers comes from the route
 * table (functions/contract/routes.ts), so a call the contract does not allow does not compile.
 * `npm run typecheck` checks the `@ts-expect-error` lines (each must be an error), vitest the rest.
 */
import { describe, expectTypeOf, it, vi } from 'vitest';
import type { Me } from '@contract/accounts';
import type { CommentPage } from '@contract/comments';
import type { OwnPost, Post, PostPage } from '@contract/posts';
import type { RouteOf } from '@contract/routes';
import type { MyVotes, VoteResult } from '@contract/votes';
import type { ApiClient, CallAnswer, CallInput } from '../../web/src/lib/api';

describe('the web client, typed by the route table', () => {
  it('answers each route with the shape its schema parses, and nothing for a 204', () => {
    expectTypeOf<CallAnswer<RouteOf<'posts.get'>>>().toEqualTypeOf<Post>();
    expectTypeOf<CallAnswer<RouteOf<'posts.list'>>>().toEqualTypeOf<PostPage>();
    expectTypeOf<CallAnswer<RouteOf<'posts.create'>>>().toEqualTypeOf<OwnPost>();
    expectTypeOf<CallAnswer<RouteOf<'comments.list'>>>().toEqualTypeOf<CommentPage>();
    expectTypeOf<CallAnswer<RouteOf<'votes.cast'>>>().toEqualTypeOf<VoteResult>();
    expectTypeOf<CallAnswer<RouteOf<'votes.mine'>>>().toEqualTypeOf<MyVotes>();
    expectTypeOf<CallAnswer<RouteOf<'accounts.me'>>>().toEqualTypeOf<Me>();
    expectTypeOf<CallAnswer<RouteOf<'saved.save'>>>().toEqualTypeOf<void>();
  });

  it('takes the path parameters, query and body the route declares', () => {
    expectTypeOf<CallInput<RouteOf<'posts.get'>>>().toHaveProperty('params').toEqualTypeOf<{ id: string }>();
    expectTypeOf<CallInput<RouteOf<'votes.cast'>>>().toHaveProperty('body').toEqualTypeOf<{ vote: 'agree' | 'deserved' }>();
    expectTypeOf<CallInput<RouteOf<'posts.list'>>>().not.toHaveProperty('body');
  });

  it('refuses, at compile time, a call the contract does not allow', () => {
    const call = vi.fn(async () => undefined) as unknown as ApiClient['call'];
    // @ts-expect-error a route with `{id}` needs its id
    void call('posts.get', {});
    // @ts-expect-error a vote is one the contract names
    void call('votes.cast', { params: { id: 'p1' }, body: { vote: 'maybe' } });
    // @ts-expect-error a route the table does not have
    void call('posts.publishEverything');
    // @ts-expect-error a query parameter the route does not take
    void call('posts.list', { query: { order: 'oldest' } });
    void call('posts.random');
    void call('posts.list', { query: { category: 'amor', limit: 5 } });
    expectTypeOf(call).toBeFunction();
  });
});
