import {
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import type { AccountDirectory } from '../../domain/ports/accounts';

/**
 * The user pool through Cognito's admin API: `AdminDeleteUser`, the one action the `DeleteMe`
 * function is granted (on this pool only), and `AdminGetUser`, the one `ExportMyData` is granted. The endpoint comes from the SDK's standard configuration
 * (`AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER` in the local cloud), like every other client.
 */
export class CognitoAccountDirectory implements AccountDirectory {
  constructor(
    private readonly client: CognitoIdentityProviderClient,
    private readonly userPoolId: string,
  ) {}

  async deleteAccount(username: string): Promise<void> {
    try {
      await this.client.send(new AdminDeleteUserCommand({ UserPoolId: this.userPoolId, Username: username }));
    } catch (error) {
      if (error instanceof UserNotFoundException || (error as { name?: string }).name === 'UserNotFoundException') return;
      throw error;
    }
  }

  /** When the account was created, or null when it is gone. */
  async createdAt(username: string): Promise<string | null> {
    try {
      const { UserCreateDate } = await this.client.send(new AdminGetUserCommand({ UserPoolId: this.userPoolId, Username: username }));
      return UserCreateDate ? new Date(UserCreateDate).toISOString() : null;
    } catch (error) {
      if (error instanceof UserNotFoundException || (error as { name?: string }).name === 'UserNotFoundException') return null;
      throw error;
    }
  }
}
