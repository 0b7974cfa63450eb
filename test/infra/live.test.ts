/**
 * The Live construct: the WebSocket API and the broadcast from the tables’ streams.
 * The stack as `npm run synth` builds it without Google sign-in, synthesized once for every file of
 * this folder that asks for it (sharedStack).
 */
import { describe, expect, it } from 'vitest';
import { LIVE_PING, LIVE_PONG } from '../../functions/contract/live';
import { logicalId, references, render, sharedStack, type CfnResourceJson } from './synth';

const s = sharedStack();
const { ofType, propsOf } = s;

describe('live', () => {
  const wsStage = () => ofType('AWS::ApiGatewayV2::Stage').find(([, r]) => r.Properties.StageName === 'live')!;

  it('has a WebSocket API with $connect and $disconnect handlers and a throttled stage', () => {
    s.template.hasResourceProperties('AWS::ApiGatewayV2::Api', {
      ProtocolType: 'WEBSOCKET',
      RouteSelectionExpression: '$request.body.action',
    });
    const wsRoutes = ofType('AWS::ApiGatewayV2::Route').filter(
      ([, r]) => render(r.Properties.ApiId) === `\${${logicalId(s.stack.live.webSocketApi)}}`,
    );
    expect(wsRoutes.map(([, r]) => r.Properties.RouteKey).sort()).toEqual(['$connect', '$disconnect', LIVE_PING.action]);
    const [, stage] = wsStage();
    expect(stage.Properties).toMatchObject({
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingBurstLimit: 100, ThrottlingRateLimit: 50 },
    });
    for (const [id] of wsRoutes) expect(stage.DependsOn, id).toContain(id);
  });

  it('answers { action: "ping" } with { type: "pong" } by API Gateway itself: a two-way route on a mock integration, no function', () => {
    const api = `\${${logicalId(s.stack.live.webSocketApi)}}`;
    const [routeId, route] = ofType('AWS::ApiGatewayV2::Route').find(([, r]) => r.Properties.RouteKey === LIVE_PING.action)!;
    expect(render(route.Properties.ApiId)).toBe(api);
    expect(route.Properties.RouteResponseSelectionExpression).toBe('$default');
    const [integrationId, integration] = ofType('AWS::ApiGatewayV2::Integration').find(
      ([id]) => render(route.Properties.Target) === `integrations/\${${id}}`,
    )!;
    expect(integration.Properties).toMatchObject({ IntegrationType: 'MOCK', RequestTemplates: { $default: '{"statusCode":200}' } });
    const responses = ofType('AWS::ApiGatewayV2::IntegrationResponse').filter(
      ([, r]) => render(r.Properties.IntegrationId) === `\${${integrationId}}`,
    );
    expect(responses.map(([, r]) => [r.Properties.IntegrationResponseKey, r.Properties.ResponseTemplates])).toEqual([
      ['$default', { $default: JSON.stringify(LIVE_PONG) }],
    ]);
    const routeResponses = ofType('AWS::ApiGatewayV2::RouteResponse').filter(([, r]) => render(r.Properties.RouteId) === `\${${routeId}}`);
    expect(routeResponses.map(([, r]) => r.Properties.RouteResponseKey)).toEqual(['$default']);
    // In the stage's deployment from its first one.
    const [, stage] = wsStage();
    for (const id of [routeId, integrationId, responses[0]![0], routeResponses[0]![0]]) expect(stage.DependsOn, id).toContain(id);
  });

  it('limits the rate of new connections ($connect: 10 a second after a burst of 50)', () => {
    const [, stage] = wsStage();
    expect(stage.Properties.RouteSettings).toEqual({ $connect: { ThrottlingRateLimit: 10, ThrottlingBurstLimit: 50 } });
  });

  it('writes JSON access logs, through an account CloudWatch role of its own that outlives the stack', () => {
    const [, stage] = wsStage();
    const logs = stage.Properties.AccessLogSettings as { DestinationArn: unknown; Format: string };
    expect(JSON.parse(logs.Format)).toMatchObject({
      requestId: '$context.requestId',
      eventType: '$context.eventType',
      routeKey: '$context.routeKey',
      connectionId: '$context.connectionId',
      status: '$context.status',
    });
    expect(render(logs.DestinationArn)).toBe(`\${${logicalId(s.stack.live.accessLogs)}.Arn}`);
    const [[accountId, account]] = ofType('AWS::ApiGateway::Account') as [[string, CfnResourceJson]];
    expect(stage.DependsOn).toContain(accountId);
    const roleId = [...references(account.Properties.CloudWatchRoleArn)][0]!;
    expect(s.resources[roleId]).toMatchObject({ Type: 'AWS::IAM::Role', DeletionPolicy: 'Retain' });
    expect(account.DeletionPolicy).toBe('Retain');
    expect(propsOf(roleId).AssumeRolePolicyDocument).toMatchObject({ Statement: [{ Principal: { Service: 'apigateway.amazonaws.com' } }] });
    expect((propsOf(roleId).ManagedPolicyArns as unknown[]).map(render)).toEqual([
      'arn:${AWS::Partition}:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs',
    ]);
  });

  const mappingOf = (id: string) => {
    const fn = logicalId(s.stack.live.node.findChild(id).node.findChild('Function'));
    const [[, mapping]] = ofType('AWS::Lambda::EventSourceMapping').filter(
      ([, r]) => render(r.Properties.FunctionName) === `\${${fn}}`,
    ) as [[string, CfnResourceJson]];
    return mapping.Properties;
  };

  it('reads the posts stream with two mappings: publications and notifications at once, counts, Top and search over a second', () => {
    const published = '{"status":{"S":["published"]}}';
    const notPublished = '{"status":{"S":[{"anything-but":["published"]}]}}';
    const atOnce = mappingOf('PostsAtOnce');
    expect(render(atOnce.EventSourceArn)).toBe(`\${${logicalId(s.stack.data.tables.posts)}.StreamArn}`);
    expect(atOnce.FilterCriteria).toEqual({
      Filters: [
        { Pattern: `{"eventName":["INSERT"],"dynamodb":{"NewImage":${published}}}` },
        { Pattern: `{"eventName":["MODIFY"],"dynamodb":{"OldImage":${notPublished},"NewImage":${published}}}` },
        { Pattern: `{"eventName":["MODIFY"],"dynamodb":{"OldImage":${published},"NewImage":${notPublished}}}` },
        { Pattern: `{"eventName":["REMOVE"],"dynamodb":{"OldImage":${published}}}` },
        { Pattern: '{"eventName":["MODIFY"],"dynamodb":{"NewImage":{"status":{"S":["published","rejected"]}}}}' },
      ],
    });
    expect(atOnce.MaximumBatchingWindowInSeconds).toBe(0);
    const batched = mappingOf('PostsBatched');
    expect(render(batched.EventSourceArn)).toBe(`\${${logicalId(s.stack.data.tables.posts)}.StreamArn}`);
    expect(batched.FilterCriteria).toEqual({
      Filters: [
        { Pattern: `{"eventName":["MODIFY"],"dynamodb":{"OldImage":${published},"NewImage":${published}}}` },
        { Pattern: `{"eventName":["INSERT","MODIFY"],"dynamodb":{"NewImage":${published}}}` },
        { Pattern: `{"eventName":["MODIFY","REMOVE"],"dynamodb":{"OldImage":${published}}}` },
      ],
    });
    expect(batched.MaximumBatchingWindowInSeconds).toBe(1);
    for (const p of [atOnce, batched]) {
      expect(p.MaximumRetryAttempts).toBe(5);
      expect(p.BisectBatchOnFunctionError).toBe(true);
      expect(render((p.DestinationConfig as { OnFailure: { Destination: unknown } }).OnFailure.Destination)).toBe(
        `\${${logicalId(s.stack.live.failedBroadcasts)}.Arn}`,
      );
      expect(p.StartingPosition).toBe('LATEST');
    }
  });

  it('has two readers at most on each stream, and every reader reports the records that failed', () => {
    const mappings = ofType('AWS::Lambda::EventSourceMapping').map(([, r]) => r.Properties);
    const byStream = new Map<string, number>();
    for (const p of mappings) byStream.set(render(p.EventSourceArn), (byStream.get(render(p.EventSourceArn)) ?? 0) + 1);
    expect(byStream.size).toBe(3);
    for (const [stream, readers] of byStream) expect(readers, stream).toBeLessThanOrEqual(2);
    for (const p of mappings) expect(p.FunctionResponseTypes, render(p.FunctionName)).toEqual(['ReportBatchItemFailures']);
  });

  it('sends new comments without a batching window', () => {
    for (const id of ['CommentBroadcast', 'CommentNotifications']) expect(mappingOf(id).MaximumBatchingWindowInSeconds, id).toBe(0);
  });

  it('invokes the parts of a large broadcast asynchronously: two retries, a minute at most, then the failed-broadcasts queue', () => {
    const [[, config]] = ofType('AWS::Lambda::EventInvokeConfig') as [[string, CfnResourceJson]];
    expect(render(config.Properties.FunctionName)).toBe(
      `\${${logicalId(s.stack.live.node.findChild('BroadcastPart').node.findChild('Function'))}}`,
    );
    expect(config.Properties).toMatchObject({ MaximumRetryAttempts: 2, MaximumEventAgeInSeconds: 60, Qualifier: '$LATEST' });
    expect(render((config.Properties.DestinationConfig as { OnFailure: { Destination: unknown } }).OnFailure.Destination)).toBe(
      `\${${logicalId(s.stack.live.failedBroadcasts)}.Arn}`,
    );
  });

  it('gives the CPU-bound broadcasts 1 GB (a four times larger CPU share than the other functions)', () => {
    for (const id of ['PostsAtOnce', 'PostsBatched'])
      expect(propsOf(logicalId(s.stack.live.node.findChild(id).node.findChild('Function'))).MemorySize, id).toBe(1024);
  });
});
