/**
 * The Site construct: the bucket, CloudFront (the page function, the API, the files) and its headers.
 * The stack as `npm run synth` builds it without Google sign-in, synthesized once for every file of
 * this folder that asks for it (sharedStack).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_CACHE_MAX_TTL } from '../../infra/constructs/site';
import { API_PATH_PREFIXES, FILE_PATH_PATTERNS, IMAGE_PATH_PREFIX } from '../../infra/documentRoutes';
import { SHARE_CARD_MAX_AGE } from '../../functions/contract/shareCards';
import { logicalId, render, sharedStack, type CfnResourceJson } from './synth';

const s = sharedStack();
const { ofType, propsOf } = s;

describe('site', () => {
  const bucketId = () => logicalId(s.stack.site.bucket);
  const bucketPolicyStatements = () => {
    const [[, policy]] = ofType('AWS::S3::BucketPolicy').filter(([, r]) => render(r.Properties.Bucket) === `\${${bucketId()}}`) as [
      [string, CfnResourceJson],
    ];
    return (policy.Properties.PolicyDocument as { Statement: Record<string, unknown>[] }).Statement;
  };

  it('keeps the site bucket private, encrypted and SSL-only', () => {
    const props = propsOf(bucketId());
    expect(props.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    expect(props.BucketEncryption).toEqual({
      ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
    });
    const statements = bucketPolicyStatements();
    expect(statements).toContainEqual(
      expect.objectContaining({
        Effect: 'Deny',
        Action: 's3:*',
        Condition: { Bool: { 'aws:SecureTransport': 'false' } },
        Principal: { AWS: '*' },
      }),
    );
    // Only CloudFront, for this distribution, may read it.
    expect(statements).toContainEqual(
      expect.objectContaining({
        Effect: 'Allow',
        Action: ['s3:GetObject', 's3:ListBucket'],
        Principal: { Service: 'cloudfront.amazonaws.com' },
        Condition: { StringEquals: { 'AWS:SourceArn': expect.anything() } },
      }),
    );
  });

  it('serves the bucket through CloudFront with Origin Access Control, HTTPS only', () => {
    // One for the bucket, one for the page function's URL, one for the image function's.
    s.template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 3);
    const config = propsOf(logicalId(s.stack.site.distribution)).DistributionConfig as Record<string, unknown>;
    const origin = (config.Origins as Record<string, unknown>[]).find((o) => o.S3OriginConfig !== undefined);
    expect(origin).toMatchObject({ S3OriginConfig: { OriginAccessIdentity: '' } });
    expect(origin!.OriginAccessControlId).toBeDefined();
    expect(config.DefaultCacheBehavior).toMatchObject({ ViewerProtocolPolicy: 'redirect-to-https', Compress: true });
    expect(config.WebACLId).toBeUndefined(); // WAF is opt-in: -c waf=true (options.test.ts)
    expect(s.firewall).toBeUndefined();
  });

  it('serves every API path under the site origin (/posts*, /me*, /moderation*, /comments*): every method, every header but Host, HTTPS', () => {
    const config = propsOf(logicalId(s.stack.site.distribution)).DistributionConfig as {
      Origins: Record<string, unknown>[];
      CacheBehaviors: Record<string, unknown>[];
    };
    const behaviors = config.CacheBehaviors.filter(
      (b) => !(FILE_PATH_PATTERNS as readonly unknown[]).includes(b.PathPattern) && b.PathPattern !== `${IMAGE_PATH_PREFIX}*`,
    );
    expect(behaviors.map((b) => b.PathPattern)).toEqual(API_PATH_PREFIXES.map((prefix) => `${prefix}*`)); // never the app's /post/:id
    expect(new Set(behaviors.map((b) => b.TargetOriginId)).size).toBe(1);
    for (const behavior of behaviors) {
      expect(behavior).toMatchObject({
        AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
        OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac', // Managed-AllViewerExceptHostHeader
        ViewerProtocolPolicy: 'redirect-to-https',
      });
      expect(behavior.FunctionAssociations).toBeUndefined();
    }
    const origin = config.Origins.find((o) => o.Id === behaviors[0]!.TargetOriginId)!;
    // The host of the API's endpoint, https://<id>.execute-api.<region>.amazonaws.com.
    expect(origin.DomainName).toEqual({
      'Fn::Select': [2, { 'Fn::Split': ['/', { 'Fn::GetAtt': [logicalId(s.stack.api.httpApi), 'ApiEndpoint'] }] }],
    });
    expect(origin).toMatchObject({ CustomOriginConfig: { OriginProtocolPolicy: 'https-only', OriginSSLProtocols: ['TLSv1.2'] } });
    expect(origin.OriginPath).toBeUndefined(); // the $default stage is the API's root
  });

  it("sends every document to the page function's URL (the default behaviour), signed by Origin Access Control, GET and HEAD only, cached as it says; the build's files to the bucket", () => {
    const config = propsOf(logicalId(s.stack.site.distribution)).DistributionConfig as {
      Origins: Record<string, unknown>[];
      CacheBehaviors: Record<string, unknown>[];
      DefaultCacheBehavior: Record<string, unknown>;
      DefaultRootObject?: string;
    };
    const behavior = config.DefaultCacheBehavior;
    expect(config.DefaultRootObject).toBeUndefined(); // `/` is the page function's home page
    const pageFunction = logicalId(s.stack.pages.node.findChild('Pages').node.findChild('Function'));
    const [urlId, url] = ofType('AWS::Lambda::Url').find(
      ([, r]) => JSON.stringify(r.Properties.TargetFunctionArn) === JSON.stringify({ 'Fn::GetAtt': [pageFunction, 'Arn'] }),
    )!;
    expect(url.Properties).toMatchObject({ AuthType: 'AWS_IAM' });
    expect(behavior).toMatchObject({ AllowedMethods: ['GET', 'HEAD'], ViewerProtocolPolicy: 'redirect-to-https' });
    const origin = config.Origins.find((o) => o.Id === behavior.TargetOriginId)!;
    // The host of the function URL, https://<id>.lambda-url.<region>.on.aws/.
    expect(JSON.stringify(origin.DomainName)).toContain(urlId);
    expect(origin.OriginAccessControlId).toBeDefined();
    const cachePolicy = propsOf((behavior.CachePolicyId as { Ref: string }).Ref).CachePolicyConfig as Record<string, unknown>;
    expect(cachePolicy).toMatchObject({
      MinTTL: 0,
      DefaultTTL: 0,
      MaxTTL: 300,
      ParametersInCacheKeyAndForwardedToOrigin: {
        HeadersConfig: { HeaderBehavior: 'whitelist', Headers: ['x-forwarded-host'] },
        // The Top's tabs are in the query string.
        QueryStringsConfig: { QueryStringBehavior: 'all' },
      },
    });
    const [association] = (behavior.FunctionAssociations as { EventType: string; FunctionARN: unknown }[]) ?? [];
    expect(association?.EventType).toBe('viewer-request');
    // Only CloudFront may call the URL: the distribution is allowed to, by its ARN.
    const permission = ofType('AWS::Lambda::Permission').find(([, r]) => r.Properties.Action === 'lambda:InvokeFunctionUrl');
    expect(permission?.[1].Properties).toMatchObject({ Principal: 'cloudfront.amazonaws.com' });
    // The build's files come from the bucket.
    const files = config.CacheBehaviors.filter((b) => (FILE_PATH_PATTERNS as readonly unknown[]).includes(b.PathPattern));
    expect(files.map((b) => b.PathPattern)).toEqual([...FILE_PATH_PATTERNS]);
    for (const file of files) expect(config.Origins.find((o) => o.Id === file.TargetOriginId)!.S3OriginConfig).toBeDefined();
  });

  it("sends the share cards (/og/*) to the image function's URL, signed by Origin Access Control, GET and HEAD only, kept as long as they say (a day at most) keyed by the path and v alone", () => {
    const config = propsOf(logicalId(s.stack.site.distribution)).DistributionConfig as {
      Origins: Record<string, unknown>[];
      CacheBehaviors: Record<string, unknown>[];
    };
    const behavior = config.CacheBehaviors.find((b) => b.PathPattern === `${IMAGE_PATH_PREFIX}*`)!;
    expect(behavior).toMatchObject({ AllowedMethods: ['GET', 'HEAD'], ViewerProtocolPolicy: 'redirect-to-https', Compress: false });
    const imageFunction = logicalId(s.stack.shareCards.node.findChild('ShareCards').node.findChild('Function'));
    const [urlId, url] = ofType('AWS::Lambda::Url').find(
      ([, r]) => JSON.stringify(r.Properties.TargetFunctionArn) === JSON.stringify({ 'Fn::GetAtt': [imageFunction, 'Arn'] }),
    )!;
    expect(url.Properties).toMatchObject({ AuthType: 'AWS_IAM' });
    const origin = config.Origins.find((o) => o.Id === behavior.TargetOriginId)!;
    expect(JSON.stringify(origin.DomainName)).toContain(urlId);
    expect(origin.OriginAccessControlId).toBeDefined();
    // Only CloudFront may call the URL.
    const permissions = ofType('AWS::Lambda::Permission').filter(([, r]) => JSON.stringify(r.Properties.FunctionName).includes(urlId));
    expect(permissions.length).toBeGreaterThan(0);
    for (const [, permission] of permissions) expect(permission.Properties.Principal).toBe('cloudfront.amazonaws.com');
    expect(propsOf((behavior.CachePolicyId as { Ref: string }).Ref).CachePolicyConfig).toMatchObject({
      MinTTL: 0,
      DefaultTTL: 0,
      MaxTTL: SHARE_CARD_MAX_AGE,
      ParametersInCacheKeyAndForwardedToOrigin: {
        // One entry per card and version, whoever asks: no header, no cookie, only v of the query.
        HeadersConfig: { HeaderBehavior: 'none' },
        QueryStringsConfig: { QueryStringBehavior: 'whitelist', QueryStrings: ['v'] },
        CookiesConfig: { CookieBehavior: 'none' },
      },
    });
    expect(SHARE_CARD_MAX_AGE).toBe(86_400);
  });

  it('keeps public API reads (feeds, comments, replies, authors, search) a few seconds, as their s-maxage says, keyed by query string and Authorization', () => {
    const config = propsOf(logicalId(s.stack.site.distribution)).DistributionConfig as { CacheBehaviors: Record<string, unknown>[] };
    const byPattern = Object.fromEntries(config.CacheBehaviors.map((b) => [b.PathPattern as string, b]));
    // One policy for every API path: the answer's Cache-Control decides (public reads say s-maxage,
    // everything else no-store), so a public read is kept whatever its path.
    const policies = new Set(API_PATH_PREFIXES.map((prefix) => JSON.stringify(byPattern[`${prefix}*`]!.CachePolicyId)));
    expect(policies.size).toBe(1);
    for (const prefix of ['/posts', '/comments', '/authors', '/search']) expect(API_PATH_PREFIXES).toContain(prefix);
    const policyId = (byPattern['/posts*']!.CachePolicyId as { Ref: string }).Ref;
    expect(s.resources[policyId]!.Type).toBe('AWS::CloudFront::CachePolicy');
    expect(propsOf(policyId).CachePolicyConfig).toMatchObject({
      // Nothing is kept unless the answer says so (public, s-maxage); never longer than 10 s.
      MinTTL: 0,
      DefaultTTL: 0,
      MaxTTL: 10,
      ParametersInCacheKeyAndForwardedToOrigin: {
        // A signed-in call never shares an entry with an anonymous one or another user's.
        HeadersConfig: { HeaderBehavior: 'whitelist', Headers: ['Authorization'] },
        QueryStringsConfig: { QueryStringBehavior: 'all' },
        CookiesConfig: { CookieBehavior: 'none' },
      },
    });
    expect(API_CACHE_MAX_TTL.toSeconds()).toBe(10);
  });

  it('routes documents explicitly: no error responses, which CloudFront applies to every behaviour (the API would answer HTML)', () => {
    const config = propsOf(logicalId(s.stack.site.distribution)).DistributionConfig as Record<string, unknown>;
    expect(config.CustomErrorResponses).toBeUndefined();
  });

  it('lets CloudFront list the bucket, so that a missing file is a 404 and not a 403', () => {
    const statements = bucketPolicyStatements();
    expect(statements).toContainEqual(
      expect.objectContaining({
        Effect: 'Allow',
        Action: ['s3:GetObject', 's3:ListBucket'],
        Principal: { Service: 'cloudfront.amazonaws.com' },
        Resource: [{ 'Fn::Join': ['', [{ 'Fn::GetAtt': [bucketId(), 'Arn'] }, '/*']] }, { 'Fn::GetAtt': [bucketId(), 'Arn'] }],
      }),
    );
  });

  it('sends HSTS and a Content-Security-Policy allowing exactly the site (and the API under it), the WebSocket and Cognito', () => {
    const [[, policy]] = ofType('AWS::CloudFront::ResponseHeadersPolicy') as [[string, CfnResourceJson]];
    const headers = (policy.Properties.ResponseHeadersPolicyConfig as { SecurityHeadersConfig: Record<string, Record<string, unknown>> })
      .SecurityHeadersConfig;
    expect(headers.StrictTransportSecurity).toEqual({ AccessControlMaxAgeSec: 63072000, IncludeSubdomains: true, Override: true });
    expect(render(headers.ContentSecurityPolicy!.ContentSecurityPolicy)).toBe(
      [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        // The API is served under the site's origin ('self'), so its own endpoint is not listed.
        `connect-src 'self' \${${logicalId(s.stack.live.webSocketApi)}.ApiEndpoint} https://cognito-idp.\${AWS::Region}.\${AWS::URLSuffix}`,
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ].join('; '),
    );
    const config = propsOf(logicalId(s.stack.site.distribution)).DistributionConfig as {
      DefaultCacheBehavior: Record<string, unknown>;
      CacheBehaviors: Record<string, unknown>[];
    };
    for (const behavior of [config.DefaultCacheBehavior, ...config.CacheBehaviors]) {
      expect(behavior.ResponseHeadersPolicyId).toEqual({
        Ref: logicalId(s.stack.node.findChild('Site').node.findChild('SecurityHeaders')),
      });
    }
  });

  it('deploys the build and a config.json of stack values, hashed assets cached for a year, the rest never stale', () => {
    const deployments = ofType('Custom::CDKBucketDeployment').map(([id, r]) => [id, r.Properties] as const);
    const assets = deployments.find(([, p]) => (p.Include as string[] | undefined)?.includes('assets/*'))!;
    const shell = deployments.find(([, p]) => (p.Exclude as string[]).includes('assets/*') && !p.Include)!;
    expect(assets[1]).toMatchObject({
      Exclude: ['*'],
      Include: ['assets/*'],
      Prune: false,
      SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' },
    });
    expect(shell[1]).toMatchObject({ Prune: true, SystemMetadata: { 'cache-control': 'no-cache' }, DistributionPaths: ['/*'] });
    expect(render(shell[1].DistributionId)).toBe(`\${${logicalId(s.stack.site.distribution)}}`);
    expect(s.resources[shell[0]]!.DependsOn).toContain(assets[0]);
    // config.json travels in the same deployment as the build, its values filled in at deploy time.
    const keys = shell[1].SourceObjectKeys as string[];
    const configAsset = keys
      .map((key) => join(s.assembly.directory, `asset.${key.replace('.zip', '')}`))
      .find((dir) => existsSync(join(dir, 'config.json')))!;
    const markers = (shell[1].SourceMarkers as Record<string, unknown>[])[keys.indexOf(`${configAsset.split('asset.')[1]}.zip`)]!;
    const text = readFileSync(join(configAsset, 'config.json'), 'utf8').replace(/<<marker:0xbaba:\d+>>/g, (marker) =>
      render(markers[marker]),
    );
    expect(JSON.parse(text)).toEqual({
      region: '${AWS::Region}',
      userPoolId: `\${${logicalId(s.stack.auth.userPool)}}`,
      userPoolClientId: `\${${logicalId(s.stack.auth.client)}}`,
      apiUrl: `https://\${${logicalId(s.stack.site.distribution)}.DomainName}`,
      wsUrl: `wss://\${${logicalId(s.stack.live.webSocketApi)}}.execute-api.\${AWS::Region}.\${AWS::URLSuffix}/live`,
      authFlowType: 'USER_SRP_AUTH',
    });
    // index.html is the page function's (in its bundle), not the bucket's.
    expect(shell[1].Exclude).toEqual(['assets/*', 'index.html']);
  });
});
