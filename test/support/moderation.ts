/** Moderators and moderation shortcuts for tests that need published posts under the new lifecycle. */
import { AdminAddUserToGroupCommand } from '@aws-sdk/client-cognito-identity-provider';
import { type ErrorBody } from '../../functions/contract/errors';
import { MODERATORS_GROUP, type ModerationResult } from '../../functions/contract/moderation';
import { type OwnPost, type Post } from '../../functions/contract/posts';
import { call, publish } from './api';
import type { LocalCloudProcess } from './localCloud';
import { cognitoClient, createUser, signIn, type TestUser } from './users';

/** Adds a user to the `moderadores` group (which the local cloud creates) and signs them in again, so the token says so. */
export async function makeModerator(cloud: LocalCloudProcess, user: TestUser): Promise<TestUser> {
  const client = cognitoClient(cloud);
  try {
    await client.send(new AdminAddUserToGroupCommand({ UserPoolId: cloud.userPoolId, Username: user.email, GroupName: MODERATORS_GROUP }));
  } finally {
    client.destroy();
  }
  return { ...user, ...(await signIn(cloud, user)) };
}

/** A new signed-in member of `moderadores`. */
export async function createModerator(cloud: LocalCloudProcess, options: { name?: string } = {}): Promise<TestUser> {
  return makeModerator(cloud, await createUser(cloud, { name: options.name ?? `Supervisora ${Math.random().toString(36).slice(2, 8)}` }));
}

export const decide = (cloud: LocalCloudProcess, token: string, id: string, decision: unknown) =>
  call<ModerationResult | ErrorBody>(cloud, `/moderation/${id}/decision`, { method: 'PUT', token, body: { decision } });

export const voteOn = (cloud: LocalCloudProcess, token: string, id: string, vote: unknown) =>
  call<ModerationResult | ErrorBody>(cloud, `/moderation/${id}/vote`, { method: 'PUT', token, body: { vote } });

/**
 * Publishes through the API as `author`, then has `moderator` publish it at once: what a test that
 * needs a post in the feeds does. Returns the post as the feeds show it.
 */
export async function publishApproved(
  cloud: LocalCloudProcess,
  author: TestUser,
  moderator: TestUser,
  body: { category: string; post: string },
): Promise<Post> {
  const created = await publish(cloud, author.idToken, body);
  if (created.status !== 201) throw new Error(`publish answered ${created.status}: ${JSON.stringify(created.body)}`);
  const { id } = created.body as OwnPost;
  const decided = await decide(cloud, moderator.idToken, id, 'publish');
  if (decided.status !== 200) throw new Error(`the decision answered ${decided.status}: ${JSON.stringify(decided.body)}`);
  const found = await call<Post>(cloud, `/posts/${id}`);
  if (found.status !== 200) throw new Error(`GET /posts/${id} answered ${found.status}`);
  return found.body;
}
