/**
 * The CDK app: one stack, checked by cdk-nag's AwsSolutions pack (synth fails on any finding that is
 * not acknowledged with a reason). Offline and deterministic: no lookups, no account or region needed
 * (the stack is environment-agnostic), no Docker.
 *
 * Context: `-c stage=<name>` (default `dev`) names the stacks `VayaDia-<name>`, `VayaDiaFirewall-<name>`
 * and `VayaDiaCertificate-<name>` and every name they give, so stages live side by side in one account;
 * only `prod` keeps and deletion-protects its data;
 * `-c domainName=… -c hostedZoneId=… -c hostedZoneName=…` puts the site on its own domain (a certificate
 * stack in us-east-1, deployed first), with `-c authDomain=…` the hosted UI on a subdomain of the zone;
 * `-c sesFromAddress=no-responde@<domain>` sends Cognito's codes through Amazon SES;
 * `-c googleClientId=… -c googleClientSecretName=…` enables Google sign-in (both or neither);
 * `-c authDomainPrefix=…` overrides the Cognito domain prefix (default `vaya-dia-<stage>-<account id>`);
 * `-c alarmEmail=ops@example.com` subscribes that address to the alarms and the budget's alerts;
 * `-c monthlyBudgetUsd=50` sets the monthly budget (default 20 US dollars);
 * `-c vapidSecretName=…` names the Secrets Manager secret with Web Push's VAPID keys (default `vaya-dia/<stage>/vapid`);
 * `-c waf=true` adds the stack `VayaDiaFirewall-<stage>` (a WAF web ACL in us-east-1, deployed first) and
 * puts the distribution behind it, and a regional web ACL on the user pool's sign-up, sign-in and reset;
 * `-c operatorName=… -c operatorNif=… -c operatorAddress=… -c operatorEmail=…` name who runs the site in
 * «Aviso legal» and «Privacidad» (each one not given reads as a placeholder there).
 */
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { GoogleSignInProps } from './constructs/auth';
import type { SiteDomainProps } from './constructs/certificate';
import type { SiteOperatorProps } from './constructs/pages';
import { OPERATOR_DETAIL_MAX } from '../functions/contract/legal';
import { CertificateStack, FirewallStack, VayaDiaStack } from './stack';

/** The stage when `-c stage` is not given: a developer's own. */
export const DEFAULT_STAGE = 'dev';

/** The stacks of a stage: the site's, and the us-east-1 ones its firewall and certificate need. */
export function stackNames(stage: string) {
  return { site: `VayaDia-${stage}`, firewall: `VayaDiaFirewall-${stage}`, certificate: `VayaDiaCertificate-${stage}` } as const;
}
const WEB_DIST = fileURLToPath(new URL('../web/dist', import.meta.url));

export interface CreateAppOptions {
  /** Context values, as `-c key=value` gives them. @default - the CDK CLI's context (cdk.json, -c) */
  readonly context?: Record<string, string>;
  /** The built web app. @default web/dist */
  readonly webDist?: string;
  /** Where to write the cloud assembly. @default - the CDK CLI's output folder (cdk.out) */
  readonly outdir?: string;
}

export function createApp(options: CreateAppOptions = {}): {
  app: App;
  stack: VayaDiaStack;
  firewall?: FirewallStack;
  certificate?: CertificateStack;
} {
  const app = new App({ context: options.context, outdir: options.outdir });
  const webDist = options.webDist ?? WEB_DIST;
  if (!existsSync(`${webDist}/index.html`)) {
    throw new Error(`The web app is not built (${webDist}/index.html is missing): run \`npm run build\` first.`);
  }
  const stage = stageFromContext(app);
  const names = stackNames(stage);
  const domain = domainFromContext(app);
  const waf = booleanContext(app, 'waf');
  const firewall = waf
    ? new FirewallStack(app, names.firewall, {
        stage,
        description: `Vaya día (${stage}): WAF rate limits for the site (CloudFront web ACLs live in us-east-1)`,
      })
    : undefined;
  const certificate = domain
    ? new CertificateStack(app, names.certificate, {
        stage,
        domain,
        description: `Vaya día (${stage}): the certificate of ${domain.domainName} (CloudFront's live in us-east-1)`,
      })
    : undefined;
  const stack = new VayaDiaStack(app, names.site, {
    description: `Vaya día (${stage}): anécdotas de días malos (site, API, live feed, sign-in)`,
    webDist,
    stage,
    domain,
    mailFrom: mailFromContext(app),
    google: googleFromContext(app),
    authDomainPrefix: optionalContext(app, 'authDomainPrefix'),
    alarmEmail: alarmEmailFromContext(app),
    monthlyBudgetUsd: budgetFromContext(app),
    waf,
    vapidSecretName: optionalContext(app, 'vapidSecretName'),
    operator: operatorFromContext(app),
  });
  // Deployed first: the site's stack reads the ARNs they write (no cross-region reference).
  if (firewall) stack.addStackDependency(firewall);
  if (certificate) stack.addStackDependency(certificate);
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));
  return { app, stack, firewall, certificate };
}

/** Lowercase letters, digits and hyphens, starting with a letter: it goes into stack, bucket-like and domain-prefix names. */
const STAGE = /^[a-z][a-z0-9-]{0,19}$/;

function stageFromContext(app: App): string {
  const stage = optionalContext(app, 'stage') ?? DEFAULT_STAGE;
  if (!STAGE.test(stage)) {
    throw new Error(
      `-c stage=${stage} is not a stage name: use 1–20 lowercase letters, digits or hyphens, starting with a letter (dev, staging, prod).`,
    );
  }
  return stage;
}

const HOST_NAME = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

function domainFromContext(app: App): SiteDomainProps | undefined {
  const domainName = optionalContext(app, 'domainName');
  const hostedZoneId = optionalContext(app, 'hostedZoneId');
  const hostedZoneName = optionalContext(app, 'hostedZoneName')?.replace(/\.$/, '');
  const authDomain = optionalContext(app, 'authDomain');
  if (domainName === undefined) {
    if (hostedZoneId || hostedZoneName || authDomain) {
      throw new Error('-c hostedZoneId, -c hostedZoneName and -c authDomain go with -c domainName=… (the site’s domain): add it.');
    }
    return undefined;
  }
  if (!HOST_NAME.test(domainName)) throw new Error(`-c domainName=${domainName} is not a domain name (lowercase, like vayadia.es).`);
  if (!hostedZoneId || !hostedZoneName) {
    throw new Error(
      `-c domainName=${domainName} needs the Route 53 public hosted zone that holds it: add -c hostedZoneId=Z… -c hostedZoneName=<the zone's name> (Route 53 console, "Hosted zones"; nothing is looked up at synth).`,
    );
  }
  const inZone = (name: string) => name === hostedZoneName || name.endsWith(`.${hostedZoneName}`);
  if (!inZone(domainName)) throw new Error(`-c domainName=${domainName} is not in the zone -c hostedZoneName=${hostedZoneName}.`);
  if (authDomain !== undefined && (!HOST_NAME.test(authDomain) || !inZone(authDomain) || authDomain === domainName)) {
    throw new Error(`-c authDomain=${authDomain} must be another name in the zone ${hostedZoneName} (like auth.${hostedZoneName}).`);
  }
  return { domainName, hostedZoneId, hostedZoneName, authDomain };
}

function mailFromContext(app: App): string | undefined {
  const from = optionalContext(app, 'sesFromAddress');
  if (from === undefined) return undefined;
  if (!/^[a-z0-9._+-]+@[a-z0-9.-]+\.[a-z]{2,63}$/.test(from))
    throw new Error(`-c sesFromAddress=${from} is not an e-mail address (like no-responde@vayadia.es).`);
  // A domain outside the site's zone is allowed: its DKIM records are then given as outputs to add by hand.
  return from;
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

/** The operator's details for the legal documents: each optional, each checked as the page function reads it. */
function operatorFromContext(app: App): SiteOperatorProps | undefined {
  const keys = { name: 'operatorName', nif: 'operatorNif', address: 'operatorAddress', email: 'operatorEmail' } as const;
  const operator: SiteOperatorProps = {};
  for (const [field, key] of Object.entries(keys) as [keyof typeof keys, string][]) {
    const value = optionalContext(app, key)?.trim();
    if (!value) continue;
    if (value.length > OPERATOR_DETAIL_MAX) throw new Error(`-c ${key}=… is longer than ${OPERATOR_DETAIL_MAX} characters.`);
    operator[field] = value;
  }
  if (operator.email !== undefined && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(operator.email))
    throw new Error(`-c operatorEmail=${operator.email} is not an e-mail address (like contacto@vayadia.es).`);
  return Object.keys(operator).length > 0 ? operator : undefined;
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
