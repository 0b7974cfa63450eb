/**
 * The Api construct: the HTTP API, its routes, authorizer, throttles and access logs.
 * The stack as `npm run synth` builds it without Google sign-in, synthesized once for every file of
 * this folder that asks for it (sharedStack).
 */
import { describe, expect, it } from 'vitest';
import { PUBLIC_READ, PUBLIC_READ_SECONDS } from '../../functions/handlers/http/http';
import { API_CACHE_MAX_TTL } from '../../infra/constructs/site';
import { DEFAULT_THROTTLE, functionsTriggeredBy, throttleOf } from '../../infra/functions';
import { allRoutes, routeKey } from '../../functions/contract/routes';
import { buildOpenApiDocument } from '../../infra/openapi';
import { logicalId, references, render, sharedStack, type CfnResourceJson } from './synth';

const s = sharedStack();
const { ofType, propsOf } = s;

/** The contract's routes, by who may call them. */
const contractRoutes = allRoutes().map(({ route }) => route);
const PUBLIC_ROUTES = contractRoutes.filter((route) => route.auth === 'public').map(routeKey);
const USER_ROUTES = contractRoutes.filter((route) => route.auth !== 'public').map(routeKey);

describe('api', () => {
  const routeKeys = () =>
    ofType('AWS::ApiGatewayV2::Route').filter(([, r]) => render(r.Properties.ApiId) === `\${${logicalId(s.stack.api.httpApi)}}`);

  it('serves exactly the routes of the contract', () => {
    expect(
      routeKeys()
        .map(([, r]) => r.Properties.RouteKey)
        .sort(),
    ).toEqual([...PUBLIC_ROUTES, ...USER_ROUTES].sort());
  });

  it('serves exactly the operations the OpenAPI document describes', () => {
    const { paths } = buildOpenApiDocument() as unknown as { paths: Record<string, Record<string, unknown>> };
    const described = Object.entries(paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`));
    expect(
      routeKeys()
        .map(([, r]) => r.Properties.RouteKey as string)
        .sort(),
    ).toEqual(described.sort());
  });

  it('authorizer guards every route of signed-in users, and only those', () => {
    const guarded = routeKeys().filter(([, r]) => r.Properties.AuthorizationType === 'JWT');
    expect(guarded.map(([, r]) => r.Properties.RouteKey).sort()).toEqual([...USER_ROUTES].sort());
    for (const [, route] of routeKeys().filter(([, r]) => !USER_ROUTES.includes(r.Properties.RouteKey as string))) {
      expect(route.Properties.AuthorizationType ?? 'NONE').toBe('NONE');
    }
  });

  it('checks the Cognito ID token: the user pool as issuer, the web client as audience', () => {
    const [[, authorizer]] = ofType('AWS::ApiGatewayV2::Authorizer') as [[string, CfnResourceJson]];
    expect(authorizer.Properties.AuthorizerType).toBe('JWT');
    expect(authorizer.Properties.IdentitySource).toEqual(['$request.header.Authorization']);
    const jwt = authorizer.Properties.JwtConfiguration as { Audience: unknown[]; Issuer: unknown };
    expect(jwt.Audience.map(render)).toEqual([`\${${logicalId(s.stack.auth.client)}}`]);
    expect(render(jwt.Issuer)).toBe(`https://cognito-idp.\${AWS::Region}.amazonaws.com/\${${logicalId(s.stack.auth.userPool)}}`);
  });

  it('has no CORS and no custom resource to set it: the app calls the API under its own origin', () => {
    expect(propsOf(logicalId(s.stack.api.httpApi)).CorsConfiguration).toBeUndefined();
    expect(ofType('Custom::AWS')).toEqual([]);
  });

  it('throttles each route as its declaration says, writes tighter than reads, and writes JSON access logs', () => {
    const [[, stage]] = ofType('AWS::ApiGatewayV2::Stage').filter(([, r]) => r.Properties.StageName === '$default') as [
      [string, CfnResourceJson],
    ];
    expect(stage.Properties.AutoDeploy).toBe(true);
    const settings = stage.Properties.RouteSettings as Record<string, { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }>;
    const declared = functionsTriggeredBy('http').map(({ trigger }) => [routeKey(trigger.route), throttleOf(trigger)] as const);
    expect(settings).toEqual(
      Object.fromEntries(declared.map(([key, t]) => [key, { ThrottlingRateLimit: t.rateLimit, ThrottlingBurstLimit: t.burstLimit }])),
    );
    expect(Object.keys(settings).sort()).toEqual(
      routeKeys()
        .map(([, r]) => r.Properties.RouteKey)
        .sort(),
    );
    const reads = declared.filter(([key]) => key.startsWith('GET '));
    const writes = declared.filter(([key]) => !key.startsWith('GET '));
    expect(writes.length).toBeGreaterThan(0);
    for (const [, write] of writes) for (const [, read] of reads) expect(write.rateLimit).toBeLessThan(read.rateLimit);
    expect(settings['POST /posts']).toEqual({ ThrottlingRateLimit: 5, ThrottlingBurstLimit: 10 });
    // A route with no settings of its own (none today) gets the tight default.
    expect(stage.Properties.DefaultRouteSettings).toEqual({
      ThrottlingBurstLimit: DEFAULT_THROTTLE.write.burstLimit,
      ThrottlingRateLimit: DEFAULT_THROTTLE.write.rateLimit,
    });
    // The stage may only name routes that exist: CloudFormation creates their nested stacks first.
    const routeStacks = Object.values(s.stack.api.groups).map((group) => logicalId(group.nestedStackResource!));
    expect(routeStacks.length).toBeGreaterThan(1);
    for (const id of routeStacks) expect(stage.DependsOn, id).toContain(id);
    const logs = stage.Properties.AccessLogSettings as { DestinationArn: unknown; Format: string };
    expect(JSON.parse(logs.Format)).toMatchObject({
      requestId: '$context.requestId',
      status: '$context.status',
      routeKey: '$context.routeKey',
    });
    expect(s.resources[[...references(logs.DestinationArn)][0]!]!.Type).toBe('AWS::Logs::LogGroup');
  });

  it('lets CloudFront share a public read for less time than its cache policy allows', () => {
    expect(PUBLIC_READ).toBe(`public, max-age=0, s-maxage=${PUBLIC_READ_SECONDS}`);
    expect(PUBLIC_READ_SECONDS).toBeLessThanOrEqual(API_CACHE_MAX_TTL.toSeconds());
  });
});
