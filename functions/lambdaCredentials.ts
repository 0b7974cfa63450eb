/**
 * The credential provider bundled into the Lambda functions in place of the SDK's default chain
 * (an esbuild alias in infra/constructs/lambdaFunction.ts). Lambda hands a function its role's
 * credentials in environment variables, so the chain's SSO, INI, process and web-identity clients
 * are dead weight there: dropping them takes about 130 KB off each bundle and a third off its load
 * time. Code run unbundled (tests, the local cloud) keeps the full default chain.
 */
import { fromEnv } from '@aws-sdk/credential-provider-env';

export const defaultProvider = (init?: Parameters<typeof fromEnv>[0]) => fromEnv(init);
