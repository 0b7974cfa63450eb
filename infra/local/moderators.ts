/**
 * Moderators in the local cloud: the Cognito group `moderadores` (the stack's pool has it on AWS) and
 * a demo moderator account, both created at start in cognito-local when missing, so `/moderar` can be
 * tried at once as a moderator. `addModerator` is what `npm run moderator -- <email>` does.
 */
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  ListGroupsCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { MODERATORS_GROUP } from '../../functions/contract/moderation';

/** The demo moderator (a local-only account: this password is printed at every start). */
export const DEMO_MODERATOR = { email: 'moderadora@vaya-dia.local', password: 'Moderadora-Local-1', name: 'Moderadora' } as const;

export type CognitoTarget = { endpoint: string; region: string; userPoolId: string };

function clientFor(target: CognitoTarget): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({
    endpoint: target.endpoint,
    region: target.region,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

const isMissingUser = (error: unknown) => (error as { name?: string }).name === 'UserNotFoundException';

async function ensureGroup(client: CognitoIdentityProviderClient, userPoolId: string): Promise<void> {
  // ListGroups rather than GetGroup: cognito-local answers a missing group with a 500.
  const { Groups } = await client.send(new ListGroupsCommand({ UserPoolId: userPoolId }));
  if (Groups?.some((group) => group.GroupName === MODERATORS_GROUP)) return;
  await client.send(
    new CreateGroupCommand({
      UserPoolId: userPoolId,
      GroupName: MODERATORS_GROUP,
      Description: 'Deciden al momento qué se publica y qué no.',
    }),
  );
}

/** The group and the demo moderator, created when missing (a restart keeps both). */
export async function ensureModerators(target: CognitoTarget): Promise<typeof DEMO_MODERATOR> {
  const client = clientFor(target);
  try {
    await ensureGroup(client, target.userPoolId);
    try {
      await client.send(new AdminGetUserCommand({ UserPoolId: target.userPoolId, Username: DEMO_MODERATOR.email }));
    } catch (error) {
      if (!isMissingUser(error)) throw error;
      await client.send(
        new AdminCreateUserCommand({
          UserPoolId: target.userPoolId,
          Username: DEMO_MODERATOR.email,
          MessageAction: 'SUPPRESS',
          TemporaryPassword: DEMO_MODERATOR.password,
          UserAttributes: [
            { Name: 'email', Value: DEMO_MODERATOR.email },
            { Name: 'email_verified', Value: 'true' },
            { Name: 'name', Value: DEMO_MODERATOR.name },
          ],
        }),
      );
      // A permanent password: the account signs in at once, with no forced change.
      await client.send(
        new AdminSetUserPasswordCommand({
          UserPoolId: target.userPoolId,
          Username: DEMO_MODERATOR.email,
          Password: DEMO_MODERATOR.password,
          Permanent: true,
        }),
      );
    }
    await client.send(
      new AdminAddUserToGroupCommand({ UserPoolId: target.userPoolId, Username: DEMO_MODERATOR.email, GroupName: MODERATORS_GROUP }),
    );
    return DEMO_MODERATOR;
  } finally {
    client.destroy();
  }
}

/** Adds an existing account to `moderadores`; false when there is no such account. */
export async function addModerator(target: CognitoTarget, email: string): Promise<boolean> {
  const client = clientFor(target);
  try {
    await ensureGroup(client, target.userPoolId);
    await client.send(new AdminAddUserToGroupCommand({ UserPoolId: target.userPoolId, Username: email, GroupName: MODERATORS_GROUP }));
    return true;
  } catch (error) {
    if ((error as { name?: string }).name === 'UserNotFoundException') return false;
    throw error;
  } finally {
    client.destroy();
  }
}
