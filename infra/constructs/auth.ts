import { Aws, Duration, RemovalPolicy, SecretValue, Validations } from 'aws-cdk-lib';
import type * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import * as route53 from 'aws-cdk-lib/aws-route53';
import * as targets from 'aws-cdk-lib/aws-route53-targets';
import { Construct } from 'constructs';
import type { Mail } from './mail';
import { PASSWORD_POLICY } from '../../functions/contract/accounts';
import { MODERATORS_GROUP } from '../../functions/contract/moderation';

/** Google sign-in, configured by context: the OAuth client id and where its secret is kept. */
export interface GoogleSignInProps {
  /** The Google OAuth 2.0 web client id (`….apps.googleusercontent.com`). */
  readonly clientId: string;
  /** Name of a Secrets Manager secret whose plain-text value is the Google client secret. Read by CloudFormation at deploy time, never at synth. */
  readonly clientSecretName: string;
}

export interface AuthProps {
  /**
   * The site's URL with a trailing slash (`https://<distribution>/`): the app client's only callback
   * and logout URL. The web app sends exactly `${location.origin}/`. (The local cloud creates its
   * own pool and client: nothing here names localhost.)
   */
  readonly siteUrl: string;
  /**
   * The Cognito domain prefix: `https://<prefix>.auth.<region>.amazoncognito.com`. Must be unique in
   * the region and contain neither `aws`, `amazon` nor `cognito`.
   */
  readonly domainPrefix: string;
  /**
   * Google sign-in. Without it users sign in with email and password only.
   * @default - no Google identity provider
   */
  readonly google?: GoogleSignInProps;
  /** Whether the pool outlives the stack (kept, deletion-protected): production's people. */
  readonly retain: boolean;
  /**
   * Codes sent through SES from this address and configuration set.
   * @default - Cognito's own sender, which stops at 50 e-mails a day
   */
  readonly mail?: Mail;
  /**
   * The hosted UI on the site's own subdomain instead of the Cognito domain, with the us-east-1
   * certificate that covers it and the zone that gets its alias record.
   * @default - the Cognito domain `<prefix>.auth.<region>.amazoncognito.com`
   */
  readonly customDomain?: { readonly name: string; readonly certificate: acm.ICertificate; readonly zone: route53.IHostedZone };
}

/** The codes' messages (sign-up confirmation and password reset share Cognito's one template). */
export const AUTH_MESSAGES = {
  codeSubject: 'Vaya día: tu código',
  codeBody:
    '<p>¡Hola!</p><p>Tu código de Vaya día es <strong>{####}</strong>.</p>' +
    '<p>Escríbelo en la página donde lo pediste para confirmar tu email o elegir una contraseña nueva.</p>' +
    '<p>Si no has sido tú, no hagas nada: sin el código no pasa nada.</p>',
  invitationSubject: 'Te han invitado a Vaya día',
  invitationBody:
    '<p>¡Hola!</p><p>Tienes una cuenta en Vaya día con el email <strong>{username}</strong> y la contraseña provisional ' +
    '<strong>{####}</strong>.</p><p>Inicia sesión y elige una contraseña tuya; la provisional caduca en 3 días.</p>',
} as const;

/**
 * The Cognito user pool (email as the sign-in name, verified by a code), its Cognito domain, the
 * optional Google identity provider and the web app's client (no secret; SRP and OAuth code flows).
 *
 * The pool holds people's accounts: in production it is kept when the stack is deleted and cannot be
 * deleted while its deletion protection is on (other stages destroy theirs with the stack). The web client may write `email` only: every other attribute
 * (`name` above all, which the API never trusts for the public name anyway) is out of its users'
 * reach.
 */
export class Auth extends Construct {
  public readonly userPool: cognito.UserPool;
  public readonly client: cognito.UserPoolClient;
  public readonly domain: cognito.UserPoolDomain;
  /** The OAuth domain without a scheme, as Amplify wants it: `<prefix>.auth.<region>.amazoncognito.com`. */
  public readonly oauthDomain: string;
  /** Whether the Google identity provider is configured (and so whether the web app shows it). */
  public readonly googleEnabled: boolean;

  constructor(scope: Construct, id: string, props: AuthProps) {
    super(scope, id);

    this.userPool = new cognito.UserPool(this, 'UserPool', {
      selfSignUpEnabled: true,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      autoVerify: { email: true },
      keepOriginal: { email: true },
      userVerification: {
        emailStyle: cognito.VerificationEmailStyle.CODE,
        emailSubject: AUTH_MESSAGES.codeSubject,
        emailBody: AUTH_MESSAGES.codeBody,
      },
      userInvitation: { emailSubject: AUTH_MESSAGES.invitationSubject, emailBody: AUTH_MESSAGES.invitationBody },
      email: props.mail
        ? cognito.UserPoolEmail.withSES({
            fromEmail: props.mail.fromAddress,
            fromName: 'Vaya día',
            sesVerifiedDomain: props.mail.domain,
            sesRegion: Aws.REGION,
            configurationSetName: props.mail.configurationSet.configurationSetName,
          })
        : cognito.UserPoolEmail.withCognito(),
      standardAttributes: {
        email: { required: true, mutable: true },
        fullname: { required: false, mutable: true },
      },
      passwordPolicy: { ...PASSWORD_POLICY, tempPasswordValidity: Duration.days(3) },
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      mfa: cognito.Mfa.OFF,
      // Email and password, Google federation and the classic hosted UI need nothing above Lite.
      featurePlan: cognito.FeaturePlan.LITE,
      deletionProtection: props.retain,
      removalPolicy: props.retain ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    // SES refuses Cognito's sending until the identity exists.
    if (props.mail) this.userPool.node.addDependency(props.mail.identity);
    Validations.of(this.userPool).acknowledge(
      {
        id: 'AwsSolutions-COG2',
        reason:
          'MFA is not required: accounts only publish short public anecdotes, and the web app has no second-factor enrolment. Sign-in is email-verified with a strong password policy.',
      },
      {
        id: 'AwsSolutions-COG8',
        reason:
          'The Plus plan (threat protection) is billed per monthly active user; not justified for a free anecdote site. Publishing is rate-limited per user by the API, and the Lite plan has every feature the site uses.',
      },
    );

    // Moderators are this group's members (the ID token's `cognito:groups`); operators add people to
    // it with the AWS CLI (docs/product.md, "Moderation").
    new cognito.CfnUserPoolGroup(this, 'Moderators', {
      userPoolId: this.userPool.userPoolId,
      groupName: MODERATORS_GROUP,
      description: 'Deciden al momento qué se publica y qué no.',
    });

    const custom = props.customDomain;
    this.domain = this.userPool.addDomain(
      'Domain',
      custom
        ? { customDomain: { domainName: custom.name, certificate: custom.certificate } }
        : { cognitoDomain: { domainPrefix: props.domainPrefix } },
    );
    if (custom) {
      // The domain's own CloudFront endpoint attribute (route53-targets' UserPoolDomainTarget would add a
      // custom resource with a wildcard policy to read the same value).
      const endpoint = this.domain.cloudFrontEndpoint;
      new route53.ARecord(this, 'DomainRecord', {
        zone: custom.zone,
        recordName: custom.name,
        target: route53.RecordTarget.fromAlias({
          bind: (record) => ({ dnsName: endpoint, hostedZoneId: targets.CloudFrontTarget.getHostedZoneId(record) }),
        }),
      });
    }
    this.oauthDomain = custom ? custom.name : `${this.domain.domainName}.auth.${Aws.REGION}.amazoncognito.com`;

    const providers = [cognito.UserPoolClientIdentityProvider.COGNITO];
    let google: cognito.UserPoolIdentityProviderGoogle | undefined;
    if (props.google) {
      google = new cognito.UserPoolIdentityProviderGoogle(this, 'Google', {
        userPool: this.userPool,
        clientId: props.google.clientId,
        // A dynamic reference: CloudFormation reads the secret at deploy time; synth stays offline.
        clientSecretValue: SecretValue.secretsManager(props.google.clientSecretName),
        scopes: ['openid', 'email', 'profile'],
        // Cognito rewrites mapped attributes at every Google sign-in, and only those the app client
        // may write: so only `email` (the pool requires it). Google's name is not the public name
        // (the apodo, chosen on the site), and a writable email_verified would let any user mark
        // their own address verified.
        attributeMapping: { email: cognito.ProviderAttribute.GOOGLE_EMAIL },
      });
      providers.push(cognito.UserPoolClientIdentityProvider.GOOGLE);
    }
    this.googleEnabled = google !== undefined;

    this.client = this.userPool.addClient('WebClient', {
      generateSecret: false,
      // SRP only (and refresh): the password never leaves the browser. USER_PASSWORD_AUTH exists
      // only in the local cloud, whose cognito-local has no SRP.
      authFlows: { userSrp: true },
      preventUserExistenceErrors: true,
      supportedIdentityProviders: providers,
      // Sign-up sets the email; nothing else is the user's to write (mapped Google attributes
      // included, see above).
      writeAttributes: new cognito.ClientAttributes().withStandardAttributes({ email: true }),
      oAuth: {
        flows: { authorizationCodeGrant: true },
        scopes: [cognito.OAuthScope.OPENID, cognito.OAuthScope.EMAIL, cognito.OAuthScope.PROFILE],
        callbackUrls: [props.siteUrl],
        logoutUrls: [props.siteUrl],
      },
    });
    // The client names Google as a provider: without this the first deploy can create the client
    // before the provider exists and fail.
    if (google) this.client.node.addDependency(google);
  }
}
