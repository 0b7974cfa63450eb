/**
 * The stack as a whole: cdk-nag, dependency cycles, a deterministic synth, and its outputs.
 * The stack as `npm run synth` builds it without Google sign-in, synthesized once for every file of
 * this folder that asks for it (sharedStack).
 */
import { App, CfnResource, Stack } from 'aws-cdk-lib';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FUNCTIONS } from '../../infra/functions';
import { LambdaFunction } from '../../infra/constructs/lambdaFunction';
import { logicalId, references, render, synthesize, sharedStack, fakeWebDist, CDK_CONTEXT, type TemplateJson } from './synth';

const s = sharedStack();

describe('checks', () => {
  it('leaves no cdk-nag AwsSolutions error or warning unacknowledged', () => {
    expect(s.nagFindings).toEqual([]);
  });

  it('has no dependency cycle between resources', () => {
    const edges = new Map<string, Set<string>>();
    for (const [id, resource] of Object.entries(s.resources)) {
      const to = references(resource.Properties);
      for (const dependency of resource.DependsOn ?? []) to.add(dependency);
      edges.set(id, new Set([...to].filter((target) => target in s.resources)));
    }
    const state = new Map<string, 'visiting' | 'done'>();
    const visit = (id: string, path: string[]): void => {
      if (state.get(id) === 'done') return;
      if (state.get(id) === 'visiting') throw new Error(`cycle: ${[...path, id].join(' -> ')}`);
      state.set(id, 'visiting');
      for (const next of edges.get(id)!) visit(next, [...path, id]);
      state.set(id, 'done');
    };
    for (const id of edges.keys()) visit(id, []);
  });

  it('fails the synth on a CloudFormation validation finding, as cdk.json asks (not a warning)', () => {
    const outdir = mkdtempSync(join(tmpdir(), 'vaya-dia-cdk-invalid-'));
    const app = new App({ context: CDK_CONTEXT, outdir });
    const stack = new Stack(app, 'Invalid');
    new CfnResource(stack, 'Queue', { type: 'AWS::SQS::Queue', properties: { VisibilityTimeout: 'one minute' } });
    // The error carries the report or points to it, depending on how the app runs; the report file names the finding.
    expect(() => app.synth()).toThrow(/validation/i);
    const report = readFileSync(join(outdir, 'validation-report.json'), 'utf8');
    expect(report).toContain('VisibilityTimeout');
  });

  // Twice without bundling (bundling all ~60 functions again took ~100 s of a two-core machine): the
  // templates hold no lookup and no clock. That a bundle comes out the same twice is the next test's.
  it('synthesizes the same templates twice (no lookups, no clock)', () => {
    const options = { bundle: false, webDist: fakeWebDist() };
    const [first, again] = [synthesize({}, options), synthesize({}, options)];
    expect(again.json).toEqual(first.json);
    expect(again.monitoring).toEqual(first.monitoring);
    expect(again.routes).toEqual(first.routes);
  }, 120_000);

  // The same code gives the same asset, so a deployment with no change uploads and updates nothing.
  // The page function (React's server renderer, the largest bundle) and an API handler, each bundled
  // by the stack's own construct in two apps of their own.
  it('bundles a function to the same asset twice', () => {
    const entries = [
      FUNCTIONS.find(({ trigger }) => trigger.type === 'document')!.entry,
      FUNCTIONS.find(({ trigger }) => trigger.type === 'http')!.entry,
    ];
    const assets = () => {
      const app = new App({ context: CDK_CONTEXT, outdir: mkdtempSync(join(tmpdir(), 'vaya-dia-cdk-bundles-')) });
      const stack = new Stack(app, 'Bundles');
      const functions = entries.map((entry, index) => new LambdaFunction(stack, `Function${index}`, { entry, environment: {} }));
      const template = app.synth().getStackByName('Bundles').template as TemplateJson;
      return functions.map(({ function: fn }) => (template.Resources[logicalId(fn)]!.Properties.Code as { S3Key: string }).S3Key);
    };
    const first = assets();
    expect(new Set(first).size).toBe(entries.length);
    expect(assets()).toEqual(first);
  }, 120_000);
});

describe('outputs', () => {
  it('outputs the site, API and WebSocket URLs and the user pool ids', () => {
    const outputs = Object.fromEntries(Object.entries(s.json.Outputs).map(([k, v]) => [k, render(v.Value)]));
    expect(outputs).toMatchObject({
      SiteUrl: `https://\${${logicalId(s.stack.site.distribution)}.DomainName}/`,
      ApiUrl: `https://\${${logicalId(s.stack.api.httpApi)}}.execute-api.\${AWS::Region}.\${AWS::URLSuffix}/`,
      WsUrl: `wss://\${${logicalId(s.stack.live.webSocketApi)}}.execute-api.\${AWS::Region}.\${AWS::URLSuffix}/live`,
      UserPoolId: `\${${logicalId(s.stack.auth.userPool)}}`,
      UserPoolClientId: `\${${logicalId(s.stack.auth.client)}}`,
      DashboardUrl: 'https://console.aws.amazon.com/cloudwatch/home?region=${AWS::Region}#dashboards:name=VayaDia-dev',
    });
    // The topic lives in the Monitoring nested stack, which hands its ARN up as an output.
    const [nested, attribute] = (s.json.Outputs.AlarmTopicArn!.Value as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'];
    expect(nested).toBe(logicalId(s.stack.monitoring.nestedStackResource!));
    expect(s.monitoring.Outputs[attribute.replace(/^Outputs\./, '')]!.Value).toEqual({ Ref: logicalId(s.stack.monitoring.topic) });
  });
});
