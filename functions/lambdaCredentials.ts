/**
 * The credential provider bundled into the Lambda functions in place of the SDK's default chain
 * (an esbuild alias in infra/functionBundle.ts, which the stack's bundles and the local cloud's both
 * use). Lambda hands a function its role's credentials in environment variables, and the local cloud
 * hands its functions theirs the same way, so the chain's SSO, INI, process and web-identity clients
 * are dead weight in a bundle. Code run unbundled (tests, the local cloud's own process and scripts)
 * keeps the full default chain.
 */
import { fromEnv } from '@aws-sdk/credential-provider-env';

export const defaultProvider = (init?: Parameters<typeof fromEnv>[0]) => fromEnv(init);
