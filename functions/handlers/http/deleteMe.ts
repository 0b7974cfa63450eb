import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { requireEnv } from '../../config';
import { deleteMe } from '../../domain/accounts';
import { accountFromClaims } from '../../domain/author';
import { CognitoAccountDirectory } from '../../store/cognito/accountDirectory';
import { ENV } from '../../store/tables';
import { nameStore } from './accountDeps';
import { commentStoreFromEnv } from './commentsDeps';
import { httpHandler, jwtClaims, noContent } from './http';
import { postRepository } from './postsDeps';

const env = requireEnv(ENV.userPoolId);
const comments = commentStoreFromEnv();
const accounts = new CognitoAccountDirectory(new CognitoIdentityProviderClient({}), env[ENV.userPoolId]);

/** DELETE /me — frees the apodo, signs the caller's posts and comments «Anónimo» and deletes their Cognito user. */
export const handler = httpHandler(
  async (event) => {
    await deleteMe({ names: nameStore, posts: postRepository, comments, accounts }, accountFromClaims(jwtClaims(event)));
    return noContent();
  },
  { kind: 'accountDeletion' },
);
