/**
 * `npm run moderator -- <email>`: makes an account of the running local cloud a moderator (adds it
 * to the Cognito group `moderadores`). It talks to the local cloud's Cognito (COGNITO_PORT, 9229) with
 * the data folder's administrator credentials (DATA_DIR, `.data`: aws/cognito/adminCredentials.ts) and
 * finds the pool by name. On AWS the same is `aws cognito-idp admin-add-user-to-group` (docs/product.md, "Moderation").
 */
import { CognitoIdentityProviderClient, ListUserPoolsCommand } from '@aws-sdk/client-cognito-identity-provider';
import { MODERATORS_GROUP } from '../../../functions/contract/moderation';
import { POOL_NAME } from '../aws/cognito/cognitoLocal';
import { addModerator } from '../fixtures/demoModerator';
import { LOOPBACK } from '../process/ports';
import { readAdminCredentials } from '../aws/cognito/adminCredentials';
import type { LocalCredentials } from '../aws/apigateway/sigv4';
import { resolve } from 'node:path';

const REGION = 'eu-west-1';
const email = process.argv[2]?.trim();
if (!email || !email.includes('@')) {
  console.error('Usage: npm run moderator -- <email of an account of the local site>');
  process.exit(2);
}

const endpoint = `http://${LOOPBACK}:${process.env.COGNITO_PORT || '9229'}`;
let credentials: LocalCredentials;
try {
  credentials = readAdminCredentials(resolve(process.env.DATA_DIR || '.data'));
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const client = new CognitoIdentityProviderClient({ endpoint, region: REGION, credentials });
let userPoolId: string | undefined;
try {
  const pools = await client.send(new ListUserPoolsCommand({ MaxResults: 60 }));
  userPoolId = pools.UserPools?.find((pool) => pool.Name === POOL_NAME)?.Id;
} catch {
  console.error(`No local Cognito answers at ${endpoint}: start the local cloud first (npm start), or set COGNITO_PORT to its port.`);
  process.exit(1);
} finally {
  client.destroy();
}
if (!userPoolId) {
  console.error(`The local Cognito at ${endpoint} has no "${POOL_NAME}" user pool: is that this site's local cloud?`);
  process.exit(1);
}
if (!(await addModerator({ endpoint, region: REGION, userPoolId, credentials }, email))) {
  console.error(`There is no account ${email} in the local site: register it first (its confirmation code is printed by npm start).`);
  process.exit(1);
}
console.log(
  `${email} is now in the group ${MODERATORS_GROUP}. The group travels in the ID token: they must sign out and in again to moderate.`,
);
