import { Aws, CfnOutput, Lazy, Stack, type StackProps } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import type { Construct } from 'constructs';
import type { RuntimeConfig } from '../functions/contract/documents';
import { Api } from './constructs/api';
import { Auth, type GoogleSignInProps } from './constructs/auth';
import { Data } from './constructs/data';
import { certificateArnParameter, SiteCertificate, siteZone, type SiteDomainProps } from './constructs/certificate';
import { firewallArnParameter, RateLimitFirewall, SignInFirewall } from './constructs/firewall';
import { Mail } from './constructs/mail';
import { US_EAST_1, UsEast1Parameter } from './constructs/usEast1';
import { Live } from './constructs/live';
import { Maintenance } from './constructs/maintenance';
import { Monitoring } from './constructs/monitoring';
import { Pages, type SiteOperatorProps } from './constructs/pages';
import { Push } from './constructs/push';
import { join } from 'node:path';
import { defaultVapidSecretName } from './pushServices';
import { Site } from './constructs/site';
import { ShareCards } from './constructs/shareCards';

export interface VayaDiaStackProps extends StackProps {
  /** The built web app to deploy (web/dist). */
  readonly webDist: string;
  /** The stage (`dev`, `staging`, `prod`…): in every name the stack gives, so stages live side by side. */
  readonly stage: string;
  /**
   * Whether the data (tables, user pool) outlives the stack, deletion-protected.
   * @default - only for the stage `prod`
   */
  readonly retainData?: boolean;
  /**
   * The site's own domain, whose certificate {@link CertificateStack} made in us-east-1 (deployed first).
   * @default - the distribution's `*.cloudfront.net` address and the Cognito domain
   */
  readonly domain?: SiteDomainProps;
  /**
   * The address Cognito sends codes from, through Amazon SES (its domain becomes an SES identity).
   * @default - Cognito's own sender: 50 e-mails a day
   */
  readonly mailFrom?: string;
  /**
   * Google sign-in; without it the site offers email and password only.
   * @default - no Google identity provider, and no `oauthDomain` in config.json
   */
  readonly google?: GoogleSignInProps;
  /**
   * The Cognito domain prefix, unique in the region.
   * @default `vaya-dia-<stage>-<account id>`
   */
  readonly authDomainPrefix?: string;
  /**
   * Where alarms and budget alerts are e-mailed.
   * @default - none: the alarm topic has no subscription and the budget no alert recipients
   */
  readonly alarmEmail?: string;
  /**
   * The monthly budget, in US dollars, for the whole account's cost.
   * @default DEFAULT_MONTHLY_BUDGET_USD (20)
   */
  readonly monthlyBudgetUsd?: number;
  /**
   * Whether the distribution uses the WAF web ACL of {@link FirewallStack} (deployed first, in
   * us-east-1), read from its SSM parameter at deploy time, and the user pool a regional one of its own.
   * @default false
   */
  readonly waf?: boolean;
  /**
   * The Secrets Manager secret with the VAPID keys of Web Push, `{ publicKey, privateKey, subject }`,
   * made before deploying (docs/deploy-and-operate.md).
   * @default `vaya-dia/<stage>/vapid`
   */
  readonly vapidSecretName?: string;
  /**
   * Who runs the site, named by «Aviso legal» and «Privacidad» (functions/contract/legal.ts).
   * @default - placeholders that say the details were not given
   */
  readonly operator?: SiteOperatorProps;
}

/** The monthly cost budget when none is given. */
export const DEFAULT_MONTHLY_BUDGET_USD = 20;

/** Vaya día on AWS: the constructs of the README's "How it fits together" and its monitoring, wired together. */
export class VayaDiaStack extends Stack {
  public readonly data: Data;
  public readonly auth: Auth;
  public readonly live: Live;
  public readonly api: Api;
  public readonly site: Site;
  public readonly pages: Pages;
  public readonly shareCards: ShareCards;
  public readonly maintenance: Maintenance;
  public readonly monitoring: Monitoring;

  constructor(scope: Construct, id: string, props: VayaDiaStackProps) {
    super(scope, id, props);

    // The user pool client needs the site's URL, and the site needs its ids and the endpoints: the
    // Lazy values resolve at synth, once `this.site` exists. (The API needs no CORS: the app calls it
    // under the site's own origin.)
    const siteOrigin = Lazy.string({ produce: () => this.site.origin });
    const siteUrl = Lazy.string({ produce: () => this.site.url });

    const { stage, domain } = props;
    const retain = props.retainData ?? stage === 'prod';
    const zone = domain ? siteZone(this, domain) : undefined;
    const certificate =
      domain &&
      acm.Certificate.fromCertificateArn(
        this,
        'Certificate',
        new UsEast1Parameter(this, 'CertificateArn', certificateArnParameter(stage)).value,
      );
    this.data = new Data(this, 'Data', { retain });
    const mail = props.mailFrom ? new Mail(this, 'Mail', { stage, fromAddress: props.mailFrom, zone }) : undefined;
    this.auth = new Auth(this, 'Auth', {
      siteUrl,
      domainPrefix: props.authDomainPrefix ?? `vaya-dia-${stage}-${Aws.ACCOUNT_ID}`,
      google: props.google,
      retain,
      mail,
      customDomain: domain?.authDomain && certificate && zone ? { name: domain.authDomain, certificate, zone } : undefined,
    });
    if (props.waf) new SignInFirewall(this, 'SignInFirewall', { stage, userPool: this.auth.userPool });
    const push = new Push(this, 'Push', { vapidSecretName: props.vapidSecretName ?? defaultVapidSecretName(stage) });
    // The posts stream's batched reader drops stale share cards from the site's distribution, made
    // further down (it needs the WebSocket's address): its id and ARN resolve at synth.
    const distributionId = Lazy.string({ produce: () => this.site.distribution.distributionId });
    const siteDistribution = {
      url: distributionId,
      grant: (grantee: iam.IGrantable) =>
        iam.Grant.addToPrincipal({
          grantee,
          actions: ['cloudfront:CreateInvalidation'],
          resourceArns: [this.formatArn({ service: 'cloudfront', region: '', resource: 'distribution', resourceName: distributionId })],
        }),
    };
    this.live = new Live(this, 'Live', {
      data: this.data,
      userPool: this.auth.userPool,
      userPoolClient: this.auth.client,
      endpoints: { ...push.endpoints, siteDistribution },
    });
    this.api = new Api(this, 'Api', {
      data: this.data,
      // DELETE /me closes the account's sockets on the WebSocket API's management endpoint.
      endpoints: { ...push.endpoints, liveManagement: this.live.management },
      managesConnections: this.live.managesConnections,
      userPool: this.auth.userPool,
      userPoolClient: this.auth.client,
    });
    this.pages = new Pages(this, 'Pages', { data: this.data, shell: join(props.webDist, 'index.html'), operator: props.operator });
    this.shareCards = new ShareCards(this, 'ShareCards', { data: this.data });
    this.maintenance = new Maintenance(this, 'Maintenance', { data: this.data });
    const { auth, api, live } = this;
    const config: RuntimeConfig = {
      region: Aws.REGION,
      userPoolId: auth.userPool.userPoolId,
      userPoolClientId: auth.client.userPoolClientId,
      // The API under the site's own origin (the distribution's `/posts*` behaviour): no second connection.
      apiUrl: siteOrigin,
      wsUrl: live.url,
      authFlowType: 'USER_SRP_AUTH',
      ...(auth.googleEnabled ? { oauthDomain: auth.oauthDomain } : {}),
    };
    this.site = new Site(this, 'Site', {
      distPath: props.webDist,
      config,
      apiEndpoint: api.httpApi.apiEndpoint,
      connectSources: [
        live.webSocketApi.apiEndpoint,
        `https://cognito-idp.${Aws.REGION}.${Aws.URL_SUFFIX}`,
        ...(auth.googleEnabled ? [`https://${auth.oauthDomain}`] : []),
      ],
      webAclArn: props.waf ? new UsEast1Parameter(this, 'Firewall', firewallArnParameter(stage)).value : undefined,
      pages: this.pages.url,
      shareCards: this.shareCards.url,
      domain: domain && certificate && zone ? { name: domain.domainName, certificate, zone } : undefined,
    });
    // Cognito refuses a custom domain whose parent has no A record yet: the site's comes first.
    if (this.site.aliasRecord && domain?.authDomain) this.auth.domain.node.addDependency(this.site.aliasRecord);
    this.monitoring = new Monitoring(this, 'Monitoring', {
      api,
      live,
      site: this.site,
      otherFunctions: [this.pages.function, this.shareCards.function, ...this.maintenance.functions],
      alarmEmail: props.alarmEmail,
      monthlyBudgetUsd: props.monthlyBudgetUsd ?? DEFAULT_MONTHLY_BUDGET_USD,
      mail,
    });

    new CfnOutput(this, 'SiteUrl', { value: this.site.url, description: 'The site' });
    new CfnOutput(this, 'MailSender', {
      value: mail ? `SES from ${mail.fromAddress}` : 'Cognito default sender: at most 50 e-mails a day',
      description: mail
        ? 'Sign-up and reset codes go through SES (leave its sandbox before launch: docs/deploy-and-operate.md, "E-mail")'
        : 'Sign-up and reset codes: the 51st of a day is never sent. Add -c sesFromAddress=… before launch (docs/deploy-and-operate.md, "E-mail")',
    });
    new CfnOutput(this, 'ApiUrl', {
      value: api.url,
      description: "The HTTP API itself (config.json's apiUrl is the site, which serves it under /posts*)",
    });
    new CfnOutput(this, 'WsUrl', { value: live.url, description: 'The WebSocket (config.json wsUrl)' });
    new CfnOutput(this, 'UserPoolId', { value: auth.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: auth.client.userPoolClientId });
    new CfnOutput(this, 'CognitoDomain', {
      value: auth.oauthDomain,
      description: 'Google sign-in redirect URI: https://<this>/oauth2/idpresponse',
    });
    new CfnOutput(this, 'AlarmTopicArn', {
      value: this.monitoring.topic.topicArn,
      description: 'Alarms are published here: subscribe an e-mail address (or anything else) to it',
    });
    new CfnOutput(this, 'DashboardUrl', {
      value: `https://console.aws.amazon.com/cloudwatch/home?region=${Aws.REGION}#dashboards:name=${this.stackName}`,
      description: 'The CloudWatch dashboard',
    });
  }
}

/**
 * The WAF web ACL of a stage's distribution, in a stack of its own because CloudFront's web ACLs
 * exist in us-east-1 only (`-c waf=true`; docs/deploy-and-operate.md, "WAF").
 */
export class FirewallStack extends Stack {
  public readonly firewall: RateLimitFirewall;

  constructor(scope: Construct, id: string, props: StackProps & { stage: string }) {
    super(scope, id, { ...props, env: { ...props.env, region: US_EAST_1 } });
    this.firewall = new RateLimitFirewall(this, 'Firewall', { stage: props.stage });
  }
}

/**
 * The certificate of a stage's own domain (`-c domainName=…`), in us-east-1 where CloudFront and
 * Cognito's custom domains take them, in a stack of its own deployed first.
 */
export class CertificateStack extends Stack {
  public readonly certificate: SiteCertificate;

  constructor(scope: Construct, id: string, props: StackProps & { stage: string; domain: SiteDomainProps }) {
    super(scope, id, { ...props, env: { ...props.env, region: US_EAST_1 } });
    this.certificate = new SiteCertificate(this, 'Site', { stage: props.stage, domain: props.domain });
  }
}
