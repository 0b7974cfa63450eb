import { CfnElement, DefaultStackSynthesizer, Duration, Fn, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import type * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as route53 from 'aws-cdk-lib/aws-route53';
import * as targets from 'aws-cdk-lib/aws-route53-targets';
import { FunctionUrlOrigin, HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { Construct, type IConstruct } from 'constructs';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RuntimeConfig } from '../../functions/contract/documents';
import { contentSecurityPolicy } from '../contentSecurityPolicy';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { API_PATH_PREFIXES, FILE_PATH_PATTERNS, HASHED_ASSETS_DIR, IMAGE_PATH_PREFIX, pageRequestFunctionCode } from '../documentRoutes';
import { SHARE_CARD_MAX_AGE } from '../../functions/contract/shareCards';

/** The longest CloudFront keeps any API answer, whatever its Cache-Control says. */
export const API_CACHE_MAX_TTL = Duration.seconds(10);

/**
 * The longest CloudFront keeps a share card: as long as the card itself says (a day, for a card at its
 * current version; seconds for a redirect or a 404). Its URL changes with what it shows.
 */
export const SHARE_CARD_CACHE_MAX_TTL = Duration.seconds(SHARE_CARD_MAX_AGE);

/** The longest CloudFront keeps a document of the page function, whatever its Cache-Control says. */
export const PAGE_CACHE_MAX_TTL = Duration.minutes(5);

export interface SiteProps {
  /** The built web app (`npm run build` writes web/dist); must contain `index.html`. */
  readonly distPath: string;
  /** Written to `/config.json` at deploy time; its values may be tokens. */
  readonly config: RuntimeConfig;
  /**
   * The HTTP API's endpoint (`https://<id>.execute-api.<region>.amazonaws.com`, its `$default`
   * stage), served under `/posts*` of the site's origin so the app reaches it without a second
   * connection; `config.apiUrl` is then the site's origin.
   */
  readonly apiEndpoint: string;
  /**
   * Origins the app calls besides its own: the API, the WebSocket, Cognito. They are the only
   * entries of the Content-Security-Policy's `connect-src` after `'self'`.
   */
  readonly connectSources: string[];
  /**
   * How long CloudFront and S3 access logs are kept.
   * @default Duration.days(90)
   */
  readonly logRetention?: Duration;
  /**
   * The ARN of a WAF web ACL (scope CLOUDFRONT, in us-east-1) to attach to the distribution.
   * @default - no web ACL
   */
  readonly webAclArn?: string;
  /**
   * The page function's URL: the origin of every document (the default behaviour), signed with
   * Origin Access Control.
   */
  readonly pages: lambda.IFunctionUrl;
  /**
   * The site's own domain: the distribution's alias with its us-east-1 certificate, and the zone that
   * gets its A and AAAA records. Every absolute URL the site writes then names it.
   * @default - the distribution's `*.cloudfront.net` address
   */
  readonly domain?: { readonly name: string; readonly certificate: acm.ICertificate; readonly zone: route53.IHostedZone };
  /**
   * The image function's URL: the origin of the share cards (`/og/*`), signed with Origin Access
   * Control and kept long ({@link SHARE_CARD_CACHE_MAX_TTL}), keyed by the path and `v` only.
   */
  readonly shareCards: lambda.IFunctionUrl;
}

/**
 * The web app: a private, encrypted, SSL-only bucket behind CloudFront with Origin Access Control,
 * security headers (HSTS, a Content-Security-Policy naming exactly the backend's origins), and a
 * deployment of the build plus `config.json`.
 *
 * Paths are routed explicitly (infra/documentRoutes.ts), never by distribution-wide error
 * responses, which would also turn the API's 404s into HTML: the build's files come from the bucket
 * (a missing one is S3's 404: CloudFront may list the bucket, so a missing key is 404, not 403), and
 * every document from the page function (the default behaviour), which renders the app's pages and
 * answers 404 itself for what does not exist.
 *
 * Caching: hashed files under `assets/` are immutable for a year; `config.json` and the icon are
 * `no-cache`, and each deployment invalidates CloudFront, so a deployment shows at once. Documents are
 * kept as long as their `s-maxage` says (a few seconds for pages, a minute for the feeds).
 *
 * The API paths (`/posts*`, `/me*`, `/moderation*`, `/comments*`, `/authors*`, `/search*`…) go to the
 * HTTP API with every method, query string and header but Host (API Gateway routes by its own host
 * name). Answers marked `public, s-maxage=…` (the public reads: feeds, a post, its comments and
 * replies, an author, a search) are kept a few seconds, keyed by the whole query string and the
 * Authorization header, so a signed-in call never shares an entry with anyone else's; every other API
 * answer says `no-store` and is never kept. The handler's Cache-Control decides, whatever the path.
 */
export class Site extends Construct {
  public readonly bucket: s3.Bucket;
  public readonly distribution: cloudfront.Distribution;
  /** `https://<the domain, else the distribution's>` — the site's origin, under which the app also calls the API. */
  public readonly origin: string;
  /** The domain's A record (Cognito's custom domain for the hosted UI waits for it). */
  public readonly aliasRecord?: route53.ARecord;
  /** `https://<distribution domain>/` — what the app uses as its OAuth redirect. */
  public readonly url: string;

  constructor(scope: Construct, id: string, props: SiteProps) {
    super(scope, id);

    const logs = new s3.Bucket(this, 'LogsBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // CloudFront standard logs are delivered with an ACL grant.
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: props.logRetention ?? Duration.days(90) }],
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    });

    this.bucket = new s3.Bucket(this, 'Bucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: logs,
      serverAccessLogsPrefix: 's3/',
      // The content is a build output, redeployed on every deploy: nothing to keep.
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    });

    const indexHtml = readFileSync(join(props.distPath, 'index.html'), 'utf8');
    const headers = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'Vaya día: HSTS and a Content-Security-Policy naming the backend',
      securityHeadersBehavior: {
        contentSecurityPolicy: {
          contentSecurityPolicy: contentSecurityPolicy({
            connectSources: props.connectSources,
            indexHtml,
          }),
          override: true,
        },
        strictTransportSecurity: { accessControlMaxAge: Duration.days(730), includeSubdomains: true, override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
      },
    });

    // LIST as well as READ: without s3:ListBucket a missing key answers 403 instead of 404.
    const origin = S3BucketOrigin.withOriginAccessControl(this.bucket, {
      originAccessLevels: [cloudfront.AccessLevel.READ, cloudfront.AccessLevel.LIST],
    });
    const files: cloudfront.BehaviorOptions = {
      origin,
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      // Honours the objects' Cache-Control, set by the deployments below.
      cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
      responseHeadersPolicy: headers,
      compress: true,
    };

    const apiOrigin = new HttpOrigin(Fn.select(2, Fn.split('/', props.apiEndpoint)), {
      protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
    });
    const publicReads = new cloudfront.CachePolicy(this, 'ApiPublicReads', {
      comment: 'Vaya día: public API reads, kept as long as their s-maxage says (seconds); Authorization in the key',
      // An answer without Cache-Control, or with no-store/private, is not kept.
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(0),
      maxTtl: API_CACHE_MAX_TTL,
      // In the key, so a call with a token never shares an entry with one without it or with another
      // token; being in the key is also what forwards it to the API once answers may be cached.
      headerBehavior: cloudfront.CacheHeaderBehavior.allowList('Authorization'),
      queryStringBehavior: cloudfront.CacheQueryStringBehavior.all(),
      cookieBehavior: cloudfront.CacheCookieBehavior.none(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });
    const api = (cachePolicy: cloudfront.ICachePolicy): cloudfront.BehaviorOptions => ({
      origin: apiOrigin,
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
      cachePolicy,
      // Every viewer header but Host reaches the API (Idempotency-Key, Content-Type); Authorization is
      // forwarded by being in publicReads' key.
      originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      responseHeadersPolicy: headers,
      compress: true,
    });
    const apiBehaviors = Object.fromEntries(API_PATH_PREFIXES.map((prefix) => [`${prefix}*`, api(publicReads)]));

    // Every document: the page function's URL, signed with Origin Access Control; kept as long as
    // each says, keyed by the path, the query string (the Top's tabs) and the host the visitor asked
    // for, which a viewer-request function hands the function as `x-forwarded-host` for its links.
    const pageRequests = new cloudfront.Function(this, 'PageRequests', {
      comment: 'Vaya día: the host the visitor asked for, to the page function as x-forwarded-host',
      // With a domain, a document asked for at the distribution's own address moves to the domain.
      code: cloudfront.FunctionCode.fromInline(pageRequestFunctionCode(props.domain?.name)),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
    });
    const pagesCache = new cloudfront.CachePolicy(this, 'PageDocuments', {
      comment: 'Vaya día: documents of the page function, kept as long as their s-maxage says; the site host in the key',
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(0),
      maxTtl: PAGE_CACHE_MAX_TTL,
      headerBehavior: cloudfront.CacheHeaderBehavior.allowList('x-forwarded-host'),
      queryStringBehavior: cloudfront.CacheQueryStringBehavior.all(),
      cookieBehavior: cloudfront.CacheCookieBehavior.none(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });
    const documents: cloudfront.BehaviorOptions = {
      origin: FunctionUrlOrigin.withOriginAccessControl(props.pages),
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
      cachePolicy: pagesCache,
      responseHeadersPolicy: headers,
      compress: true,
      functionAssociations: [{ function: pageRequests, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
    };
    const fileBehaviors = Object.fromEntries(FILE_PATH_PATTERNS.map((pattern) => [pattern, files]));

    // The share cards: the image function's URL (Origin Access Control), kept as long as each card
    // says (a day at its current version), keyed by the path and `v` alone: every visitor and scraper
    // shares one entry per card, and a new version (an edit, a rename) is a new entry. PNG is already
    // compressed.
    const cardsCache = new cloudfront.CachePolicy(this, 'ShareCardImages', {
      comment: 'Vaya día: share cards, kept as long as they say (a day); the path and v in the key',
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(0),
      maxTtl: SHARE_CARD_CACHE_MAX_TTL,
      headerBehavior: cloudfront.CacheHeaderBehavior.none(),
      queryStringBehavior: cloudfront.CacheQueryStringBehavior.allowList('v'),
      cookieBehavior: cloudfront.CacheCookieBehavior.none(),
    });
    const cards: cloudfront.BehaviorOptions = {
      origin: FunctionUrlOrigin.withOriginAccessControl(props.shareCards),
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
      cachePolicy: cardsCache,
      responseHeadersPolicy: headers,
      compress: false,
    };

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: 'Vaya día',
      defaultBehavior: documents,
      additionalBehaviors: { ...fileBehaviors, [`${IMAGE_PATH_PREFIX}*`]: cards, ...apiBehaviors },
      // No errorResponses: they would apply to every behaviour, the API's included (see above).
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: logs,
      logFilePrefix: 'cloudfront/',
      webAclId: props.webAclArn,
      ...(props.domain
        ? {
            domainNames: [props.domain.name],
            certificate: props.domain.certificate,
            minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
    });
    Validations.of(this.distribution).acknowledge(
      { id: 'AwsSolutions-CFR1', reason: 'A public site for Spanish speakers everywhere: no country is to be blocked.' },
      ...(props.webAclArn
        ? []
        : [
            {
              id: 'AwsSolutions-CFR2',
              reason:
                'The WAF web ACL is opt-in (-c waf=true) for its fixed monthly cost (docs/deploy-and-operate.md, "WAF"); without it the API has per-route throttles and the site is static files from a private bucket.',
            },
          ]),
      {
        id: 'Annotation::@aws-cdk/aws-cloudfront-origins:listBucketSecurityRisk',
        reason:
          "CloudFront may list the bucket only so that a missing key is 404, never to show a listing: only the file paths (assets/*, the icon, config.json) reach the bucket; / is the page function's.",
      },
      ...(props.domain
        ? []
        : [
            {
              id: 'AwsSolutions-CFR4',
              reason:
                'The site uses the default *.cloudfront.net certificate, whose TLS policy CloudFront fixes; a custom domain (-c domainName=…) with an ACM certificate and TLSv1.2_2021 lifts this.',
            },
          ]),
    );
    if (props.domain) {
      const target = route53.RecordTarget.fromAlias(new targets.CloudFrontTarget(this.distribution));
      const record = { zone: props.domain.zone, recordName: props.domain.name, target };
      this.aliasRecord = new route53.ARecord(this, 'DomainIpv4', record);
      new route53.AaaaRecord(this, 'DomainIpv6', record);
    }
    this.origin = `https://${props.domain?.name ?? this.distribution.distributionDomainName}`;
    this.url = `${this.origin}/`;

    // Two deployments of the same build, so that each file gets the right Cache-Control. Hashed
    // assets first, never pruned (a page loaded before a deployment may still ask for its chunks).
    const assets = new s3deploy.BucketDeployment(this, 'DeployAssets', {
      destinationBucket: this.bucket,
      sources: [s3deploy.Source.asset(props.distPath)],
      exclude: ['*'],
      include: [`${HASHED_ASSETS_DIR}/*`],
      prune: false,
      cacheControl: [
        s3deploy.CacheControl.setPublic(),
        s3deploy.CacheControl.maxAge(Duration.days(365)),
        s3deploy.CacheControl.immutable(),
      ],
    });
    // Then the rest with config.json in the same sources (a file of another deployment would be
    // pruned by this one); `exclude` keeps this deployment's pruning away from assets/. index.html is
    // the page function's (bundled with it), not the bucket's.
    const shell = new s3deploy.BucketDeployment(this, 'DeployShell', {
      destinationBucket: this.bucket,
      sources: [s3deploy.Source.asset(props.distPath), s3deploy.Source.jsonData('config.json', props.config)],
      exclude: [`${HASHED_ASSETS_DIR}/*`, 'index.html'],
      cacheControl: [s3deploy.CacheControl.noCache()],
      distribution: this.distribution,
      distributionPaths: ['/*'],
    });
    shell.node.addDependency(assets);
    acknowledgeDeploymentHelper(this.bucket, assets.handlerRole);
  }
}

/**
 * BucketDeployment runs CDK's own helper function (one per stack, shared by both deployments); its
 * findings are acknowledged on the helper itself, one by one.
 */
function acknowledgeDeploymentHelper(bucket: s3.Bucket, handlerRole: IConstruct): void {
  const stack = Stack.of(bucket);
  const bucketRef = `<${stack.getLogicalId(bucket.node.defaultChild as CfnElement)}.Arn>`;
  const assetBucket = `cdk-${DefaultStackSynthesizer.DEFAULT_QUALIFIER}-assets-<AWS::AccountId>-<AWS::Region>`;
  Validations.of(handlerRole).acknowledge(
    {
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      reason: "CDK's BucketDeployment helper writes its own logs through the basic execution role; it runs only during deployments.",
    },
    ...['s3:GetObject*', 's3:GetBucket*', 's3:List*', 's3:DeleteObject*', 's3:Abort*'].map((action) => ({
      id: `AwsSolutions-IAM5[Action::${action}]`,
      reason:
        "CDK's BucketDeployment syncs whole prefixes with `aws s3 sync`: it reads the staged build from the CDK asset bucket and writes, lists and prunes this site bucket only.",
    })),
    {
      id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:s3:::${assetBucket}/*]`,
      reason: 'The staged build is read from the CDK bootstrap asset bucket; asset keys are content hashes known only at synth.',
    },
    {
      id: `AwsSolutions-IAM5[Resource::${bucketRef}/*]`,
      reason: 'The deployment writes and prunes any object of the site bucket: the build is the whole bucket.',
    },
    {
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'cloudfront:CreateInvalidation/GetInvalidation, granted by CDK for the invalidation after each deployment, on every distribution.',
    },
  );
  for (const helper of stack.node.children.filter((child) => child.node.id.startsWith('Custom::CDKBucketDeployment'))) {
    Validations.of(helper).acknowledge({
      id: 'AwsSolutions-L1',
      reason: "CDK's BucketDeployment helper pins its own runtime (Python with the AWS CLI layer); it runs only during deployments.",
    });
  }
}
