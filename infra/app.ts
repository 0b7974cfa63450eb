/**
 * The CDK app: one stack, checked by cdk-nag's AwsSolutions pack (synth fails on any finding that is
 * not acknowledged with a reason). Offline and deterministic: no lookups, no account or region needed
 * (the stack is environment-agnostic), no Docker.
 *
 * Context: `-c googleClientId=… -c googleClientSecretName=…` enables Google sign-in (both or neither);
 * `-c authDomainPrefix=…` overrides the Cognito domain prefix (default `vaya-dia-<account id>`);
 * `-c alarmEmail=ops@example.com` subscribes that address to the alarms and the budget's alerts;
 * `-c monthlyBudgetUsd=50` sets the monthly budget (default 20 US dollars);
 * `-c vapidSecretName=…` names the Secrets Manager secret with Web Push's VAPID keys (default `vaya-dia/vapid`);
 * `-c waf=true` adds the stack `VayaDiaFirewall` (a WAF web ACL in us-east-1, deployed first) and
 * puts the distribution behind it.
 */
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { GoogleSignInProps } from './constructs/auth';
import { FirewallStack, VayaDiaStack } from './stack';

export const STACK_NAME = 'VayaDia';
export const FIREWALL_STACK_NAME = 'VayaDiaFirewall';
const WEB_DIST = fileURLToPath(new URL('../web/dist', import.meta.url));

export interface CreateAppOptions {
  /** Context values, as `-c key=value` gives them. @default - the CDK CLI's context (cdk.json, -c) */
  readonly context?: Record<string, string>;
  /** The built web app. @default web/dist */
  readonly webDist?: string;
  /** Where to write the cloud assembly. @default - the CDK CLI's output folder (cdk.out) */
  readonly outdir?: string;
}

export function createApp(options: CreateAppOptions = {}): { app: App; stack: VayaDiaStack; firewall?: FirewallStack } {
  const app = new App({ context: options.context, outdir: options.outdir });
  const webDist = options.webDist ?? WEB_DIST;
  if (!existsSync(`${webDist}/index.html`)) {
    throw new Error(`The web app is not built (${webDist}/index.html is missing): run \`npm run build\` first.`);
  }
  const waf = booleanContext(app, 'waf');
  const firewall = waf
    ? new FirewallStack(app, FIREWALL_STACK_NAME, {
        description: 'Vaya día: WAF rate limits for the site (CloudFront web ACLs live in us-east-1)',
      })
    : undefined;
  const stack = new VayaDiaStack(app, STACK_NAME, {
    description: 'Vaya día: anécdotas de días malos (site, API, live feed, sign-in)',
    webDist,
    google: googleFromContext(app),
    authDomainPrefix: optionalContext(app, 'authDomainPrefix'),
    alarmEmail: alarmEmailFromContext(app),
    monthlyBudgetUsd: budgetFromContext(app),
    waf,
    vapidSecretName: optionalContext(app, 'vapidSecretName'),
  });
  // Deployed first: the site's stack reads the web ACL's ARN it writes (no cross-region reference).
  if (firewall) stack.addStackDependency(firewall);
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));
  return { app, stack, firewall };
}

function booleanContext(app: App, key: string): boolean {
  const value: unknown = app.node.tryGetContext(key);
  if (value === undefined || value === '' || value === false || value === 'false') return false;
  if (value === true || value === 'true') return true;
  throw new Error(`Context ${key} must be true or false`);
}

function optionalContext(app: App, key: string): string | undefined {
  const value: unknown = app.node.tryGetContext(key);
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string') throw new Error(`Context ${key} must be a string`);
  return value;
}

function alarmEmailFromContext(app: App): string | undefined {
  const email = optionalContext(app, 'alarmEmail');
  if (email !== undefined && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) {
    throw new Error(`-c alarmEmail=${email} is not an e-mail address`);
  }
  return email;
}

/** The monthly budget in US dollars, if given (the stack's default is 20). */
function budgetFromContext(app: App): number | undefined {
  const value = optionalContext(app, 'monthlyBudgetUsd');
  if (value === undefined) return undefined;
  const amount = Number(value);
  if (!Number.isFinite(amount) || amount <= 0) throw new Error(`-c monthlyBudgetUsd=${value} must be a positive number of US dollars`);
  return amount;
}

function googleFromContext(app: App): GoogleSignInProps | undefined {
  const clientId = optionalContext(app, 'googleClientId');
  const clientSecretName = optionalContext(app, 'googleClientSecretName');
  if (clientId && clientSecretName) return { clientId, clientSecretName };
  if (clientId || clientSecretName) {
    throw new Error('Google sign-in needs both -c googleClientId=… and -c googleClientSecretName=…');
  }
  return undefined;
}

// Run by the CDK CLI (cdk.json: `npx tsx infra/app.ts`); imported by the tests.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  createApp().app.synth();
}
