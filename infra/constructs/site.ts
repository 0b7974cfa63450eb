import { CfnElement, DefaultStackSynthesizer, Duration, Fn, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { Construct, type IConstruct } from 'constructs';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RuntimeConfig } from '../../functions/contract';
import { contentSecurityPolicy } from '../contentSecurityPolicy';

/** Where Vite puts the content-hashed files (web/vite.config.ts `build.assetsDir`). */
const HASHED_ASSETS = 'assets';

/**
 * The HTTP API's routes (`/posts`, `/posts/random`, `/posts/{id}`), served under the site's own
 * origin. The app's own routes never start so (its permalink is `/post/:id`).
 */
export const API_PATH_PATTERN = '/posts*';

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
}

/**
 * The web app: a private, encrypted, SSL-only bucket behind CloudFront with Origin Access Control,
 * security headers (HSTS, a Content-Security-Policy naming exactly the backend's origins), deep links
 * answered with `index.html`, and a deployment of the build plus `config.json`.
 *
 * Caching: hashed files under `assets/` are immutable for a year; everything else (`index.html`,
 * `config.json`) is `no-cache`, and each deployment invalidates CloudFront, so a deployment shows at once.
 *
 * `/posts*` goes to the HTTP API, uncached, with every method, query string and header but Host
 * (API Gateway routes by its own host name); the API's answers are never cached here.
 */
export class Site extends Construct {
  public readonly bucket: s3.Bucket;
  public readonly distribution: cloudfront.Distribution;
  /** `https://<distribution domain>` — the origin CORS allows. */
  public readonly origin: string;
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

    const headers = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'Vaya día: HSTS and a Content-Security-Policy naming the backend',
      securityHeadersBehavior: {
        contentSecurityPolicy: {
          contentSecurityPolicy: contentSecurityPolicy({
            connectSources: props.connectSources,
            indexHtml: readFileSync(join(props.distPath, 'index.html'), 'utf8'),
          }),
          override: true,
        },
        strictTransportSecurity: { accessControlMaxAge: Duration.days(730), includeSubdomains: true, override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
      },
    });

    const origin = S3BucketOrigin.withOriginAccessControl(this.bucket);
    const behavior: cloudfront.BehaviorOptions = {
      origin,
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      // Honours the objects' Cache-Control, set by the deployments below.
      cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
      responseHeadersPolicy: headers,
      compress: true,
    };
    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: 'Vaya día',
      defaultRootObject: 'index.html',
      defaultBehavior: behavior,
      additionalBehaviors: {
        [`/${HASHED_ASSETS}/*`]: behavior,
        [API_PATH_PATTERN]: {
          origin: new HttpOrigin(Fn.select(2, Fn.split('/', props.apiEndpoint)), {
            protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
          }),
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          // With caching disabled this policy also forwards Authorization (the ID token of POST /posts).
          originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: headers,
          compress: true,
        },
      },
      // The bucket is private: a key that does not exist answers 403, not 404. Both are deep links
      // of the single-page app (`/category/amor`, `/post/123`): answer index.html with 200, uncached.
      errorResponses: [403, 404].map((httpStatus) => ({
        httpStatus,
        responseHttpStatus: 200,
        responsePagePath: '/index.html',
        ttl: Duration.seconds(0),
      })),
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: logs,
      logFilePrefix: 'cloudfront/',
    });
    Validations.of(this.distribution).acknowledge(
      { id: 'AwsSolutions-CFR1', reason: 'A public site for Spanish speakers everywhere: no country is to be blocked.' },
      {
        id: 'AwsSolutions-CFR2',
        reason:
          'A web ACL costs a fixed monthly fee; this distribution serves only static files from a private bucket, and the API has its own stage throttling.',
      },
      {
        id: 'AwsSolutions-CFR4',
        reason:
          'The site uses the default *.cloudfront.net certificate, whose TLS policy CloudFront fixes; a custom domain with an ACM certificate and TLSv1.2_2021 lifts this.',
      },
    );
    this.origin = `https://${this.distribution.distributionDomainName}`;
    this.url = `${this.origin}/`;

    // Two deployments of the same build, so that each file gets the right Cache-Control. Hashed
    // assets first, never pruned (a page loaded before a deployment may still ask for its chunks).
    const assets = new s3deploy.BucketDeployment(this, 'DeployAssets', {
      destinationBucket: this.bucket,
      sources: [s3deploy.Source.asset(props.distPath)],
      exclude: ['*'],
      include: [`${HASHED_ASSETS}/*`],
      prune: false,
      cacheControl: [
        s3deploy.CacheControl.setPublic(),
        s3deploy.CacheControl.maxAge(Duration.days(365)),
        s3deploy.CacheControl.immutable(),
      ],
    });
    // Then the rest with config.json in the same sources (a file of another deployment would be
    // pruned by this one); `exclude` keeps this deployment's pruning away from assets/.
    const shell = new s3deploy.BucketDeployment(this, 'DeployShell', {
      destinationBucket: this.bucket,
      sources: [s3deploy.Source.asset(props.distPath), s3deploy.Source.jsonData('config.json', props.config)],
      exclude: [`${HASHED_ASSETS}/*`],
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
      reason: "CDK's BucketDeployment syncs whole prefixes with `aws s3 sync`: it reads the staged build from the CDK asset bucket and writes, lists and prunes this site bucket only.",
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
      reason: 'cloudfront:CreateInvalidation/GetInvalidation, granted by CDK for the invalidation after each deployment, on every distribution.',
    },
  );
  for (const helper of stack.node.children.filter((child) => child.node.id.startsWith('Custom::CDKBucketDeployment'))) {
    Validations.of(helper).acknowledge({
      id: 'AwsSolutions-L1',
      reason: "CDK's BucketDeployment helper pins its own runtime (Python with the AWS CLI layer); it runs only during deployments.",
    });
  }
}
