import { ListUsersInGroupCommand, type CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { MODERATORS_GROUP } from '../../contract/moderation';
import type { ModeratorDirectory } from '../../domain/ports/accounts';

/**
 * The `moderadores` group of the user pool, through `ListUsersInGroup` (the one action the
 * suspending function is granted on this pool): the group is small (a page holds 60), and the truth
 * of who moderates is Cognito's, not a copy that could lag behind a promotion.
 */
export class CognitoModeratorDirectory implements ModeratorDirectory {
  constructor(
    private readonly client: CognitoIdentityProviderClient,
    private readonly userPoolId: string,
  ) {}

  async isModerator(accountId: string): Promise<boolean> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListUsersInGroupCommand({ UserPoolId: this.userPoolId, GroupName: MODERATORS_GROUP, Limit: 60, NextToken: token }),
      );
      if (
        (page.Users ?? []).some((user) => user.Attributes?.some((attribute) => attribute.Name === 'sub' && attribute.Value === accountId))
      )
        return true;
      token = page.NextToken;
    } while (token);
    return false;
  }
}
