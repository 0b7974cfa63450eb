/**
 * Synthesizes the app the way `cdk synth` does (the same createApp, cdk.json's context, cdk-nag
 * registered), with a tiny stand-in for web/dist, and gives the tests what they look at.
 */
import { CfnElement, Stack, type NestedStack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { BUNDLING_STACKS, type CloudAssembly } from 'aws-cdk-lib/cx-api';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll } from 'vitest';
import { createApp, DEFAULT_STAGE, stackNames } from '../../infra/app';
import type { CertificateStack, FirewallStack, VayaDiaStack } from '../../infra/stack';

export const GOOGLE_CONTEXT = {
  googleClientId: '1234-abc.apps.googleusercontent.com',
  googleClientSecretName: 'vaya-dia/google-client-secret',
};

export type TemplateJson = {
  Resources: Record<string, CfnResourceJson>;
  Outputs: Record<string, { Value: unknown }>;
  Parameters?: Record<string, unknown>;
};

export type Synthesized = {
  stack: VayaDiaStack;
  template: Template;
  json: TemplateJson;
  /** The WAF stack, with `-c waf=true`. */
  firewall?: { stack: FirewallStack; json: TemplateJson; region: string | undefined };
  /** The domain's certificate stack, with `-c domainName=…`. */
  certificate?: { stack: CertificateStack; json: TemplateJson; region: string | undefined };
  assembly: CloudAssembly;
  /** cdk-nag findings that no acknowledgment covers, in every stack. */
  nagFindings: string[];
  /**
   * The Monitoring nested stack's template, its parameters replaced by what the parent passes them,
   * so a reference reads as it would in one template (`${ApiHttpApi…}`).
   */
  monitoring: TemplateJson;
  /**
   * The main template with the resources of the API's route stacks (one nested stack per group of
   * routes) added, their parameters resolved the same way: the app's functions, routes and grants
   * as one template would hold them.
   */
  app: TemplateJson;
  /** Each nested stack of the API's routes, by group of the contract (parameters resolved). */
  routes: Record<string, TemplateJson>;
};

export type CfnResourceJson = {
  Type: string;
  Properties: Record<string, unknown>;
  DependsOn?: string[];
  DeletionPolicy?: string;
  UpdateReplacePolicy?: string;
};

const cdkJson = JSON.parse(readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8')) as { context: Record<string, unknown> };

/** cdk.json's context, as the CDK CLI gives it to the app. */
export const CDK_CONTEXT = cdkJson.context;

export const FAKE_INDEX_HTML = '<!doctype html><title>Vaya día</title><script type="module" src="/assets/index-abc123.js"></script>';

/** A built-web stand-in: an index.html and one hashed asset. */
export function fakeWebDist(): string {
  const dist = mkdtempSync(join(tmpdir(), 'vaya-dia-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), FAKE_INDEX_HTML);
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log("hola");');
  return dist;
}

export type SynthesizeOptions = {
  /**
   * Bundle every function with esbuild, as `cdk synth` does (about 60 bundles: most of a synthesis's
   * time). Off, CDK skips the bundling (its `aws:cdk:bundling-stacks` context, the one `cdk deploy
   * --exclusively` sets for the stacks it does not deploy): the templates are the same but for each
   * function's code location, and cdk-nag sees the same constructs. For the variants whose assertions
   * read neither the bundles nor their hashes; the default synthesis's bundles are checked
   * (functions.test.ts), and two functions are bundled twice to compare (stack.test.ts). @default true
   */
  bundle?: boolean;
  /**
   * The built web's folder. Without bundling, a function's asset hash is made from its bundling options,
   * and the page function's name the shell's path: two syntheses that compare templates share one.
   * @default a new fakeWebDist()
   */
  webDist?: string;
};

export function synthesize(context: Record<string, string> = {}, options: SynthesizeOptions = {}): Synthesized {
  // An empty list: no stack's assets are bundled. (createApp's context is typed as `-c key=value`
  // strings; CDK reads this key as a list of stack patterns.)
  const noBundling = options.bundle === false ? ({ [BUNDLING_STACKS]: [] } as unknown as Record<string, string>) : {};
  const { app, stack, firewall, certificate } = createApp({
    context: { ...(cdkJson.context as Record<string, string>), ...context, ...noBundling },
    webDist: options.webDist ?? fakeWebDist(),
    outdir: mkdtempSync(join(tmpdir(), 'vaya-dia-cdk-')),
  });
  // With cdk-nag registered, synth itself throws on any unacknowledged finding.
  const assembly = app.synth();
  const names = stackNames(context.stage ?? DEFAULT_STAGE);
  const json = assembly.getStackByName(names.site).template as TemplateJson;
  const nagFindings = [stack, ...(firewall ? [firewall] : []), ...(certificate ? [certificate] : [])].flatMap((scope) =>
    new AwsSolutionsChecks()
      .validateScope(scope)
      .violations.flatMap((v) => v.violatingResources.map((r) => `${v.severity} ${v.ruleName} ${r.constructPath ?? ''}`)),
  );
  const beside = (name: string) => {
    const artifact = assembly.getStackByName(name);
    return { json: artifact.template as TemplateJson, region: artifact.environment.region };
  };
  const routeStacks = Object.entries(stack.api.groups).map(([name, group]) => ({
    name,
    id: logicalId(group.nestedStackResource!),
    template: nestedTemplate(assembly, json, group),
  }));
  // A value the parent takes from a route stack's output reads as the output's own value.
  const outputs = new Map(
    routeStacks.flatMap(({ id, template }) =>
      Object.entries(template.Outputs ?? {}).map(([name, output]) => [`${id}.Outputs.${name}`, output.Value]),
    ),
  );
  const whole: TemplateJson = {
    ...json,
    Resources: Object.fromEntries([json, ...routeStacks.map(({ template }) => template)].flatMap((t) => Object.entries(t.Resources))),
  };
  return {
    stack,
    template: Template.fromJSON(json),
    json,
    app: whole,
    routes: Object.fromEntries(routeStacks.map(({ name, template }) => [name, template])),
    monitoring: nestedTemplate(assembly, json, stack.monitoring, outputs),
    ...(firewall ? { firewall: { stack: firewall, ...beside(names.firewall) } } : {}),
    ...(certificate ? { certificate: { stack: certificate, ...beside(names.certificate) } } : {}),
    assembly,
    nagFindings,
  };
}

export function logicalId(construct: IConstruct): string {
  const element = construct instanceof CfnElement ? construct : (construct.node.defaultChild as CfnElement);
  return Stack.of(construct).getLogicalId(element);
}

/**
 * Renders a CloudFormation value as text, intrinsics as `${LogicalId}` / `${LogicalId.Attr}`, so
 * assertions on joined strings (URLs, the CSP) read like the string CloudFormation will produce.
 */
export function render(value: unknown): string {
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 1) {
      const [key, arg] = entries[0]!;
      if (key === 'Ref') return `\${${String(arg)}}`;
      if (key === 'Fn::GetAtt') return `\${${(arg as string[]).join('.')}}`;
      if (key === 'Fn::Join') {
        const [separator, parts] = arg as [string, unknown[]];
        return parts.map(render).join(separator);
      }
      if (key === 'Fn::Sub' && typeof arg === 'string') return arg;
    }
  }
  throw new Error(`Cannot render ${JSON.stringify(value)}`);
}

/** Logical ids a value refers to (Ref, GetAtt, Sub), pseudo parameters excluded. */
export function references(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((item) => references(item, into));
  else if (value && typeof value === 'object') {
    for (const [key, arg] of Object.entries(value)) {
      if (key === 'Ref' && typeof arg === 'string' && !arg.startsWith('AWS::')) into.add(arg);
      else if (key === 'Fn::GetAtt') into.add((arg as string[])[0]!);
      else if (key === 'Fn::Sub' && typeof arg === 'string') {
        for (const match of arg.matchAll(/\$\{([^}.!]+)[^}]*\}/g)) if (!match[1]!.startsWith('AWS::')) into.add(match[1]!);
      } else references(arg, into);
    }
  }
  return into;
}

/**
 * A nested stack's template with each `{ Ref: parameter }` replaced by the value its parent passes,
 * and a value the parent passes from another nested stack's output (`Fn::GetAtt: [stack, Outputs.X]`)
 * by that output's own value, when `outputs` holds it.
 */
function nestedTemplate(
  assembly: CloudAssembly,
  parent: TemplateJson,
  nested: NestedStack,
  outputs = new Map<string, unknown>(),
): TemplateJson {
  const template = JSON.parse(readFileSync(join(assembly.directory, nested.templateFile), 'utf8')) as TemplateJson;
  const resource = parent.Resources[logicalId(nested.nestedStackResource!)]!;
  const passed = (resource.Properties.Parameters ?? {}) as Record<string, unknown>;
  const resolve = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(resolve);
    if (!value || typeof value !== 'object') return value;
    const ref = (value as { Ref?: unknown }).Ref;
    if (typeof ref === 'string' && ref in passed) return resolve(passed[ref]);
    const attribute = (value as { 'Fn::GetAtt'?: unknown })['Fn::GetAtt'];
    if (Array.isArray(attribute) && outputs.has(attribute.join('.'))) return outputs.get(attribute.join('.'));
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, resolve(inner)]));
  };
  return resolve(template) as TemplateJson;
}

let shared: Synthesized | undefined;

/**
 * The stack as `npm run synth` builds it without Google sign-in, synthesized on first use and then
 * shared by every test file of the worker (the infra project does not isolate its files), so the
 * per-construct files cost one synth, not one each. Tests only read it.
 */
export function sharedSynthesis(): Synthesized {
  shared ??= synthesize();
  return shared;
}

/** The shared synthesis as one test file reads it, with lookups over the template under test. */
export type SharedStack = Synthesized & {
  /** The resources of the template under test, by logical id. */
  resources: Record<string, CfnResourceJson>;
  /** The resources of one CloudFormation type, as `[logicalId, resource]`. */
  ofType: (type: string) => [string, CfnResourceJson][];
  /** One resource's `Properties`. */
  propsOf: (id: string) => Record<string, unknown>;
};

/**
 * Registers the calling file's `beforeAll` that takes the shared synthesis (paying for it if this
 * file is the worker's first) and returns the object that hook fills: read it inside tests and
 * hooks, not while the file is collected.
 * @param under 'monitoring' points `template`, `resources`, `ofType` and `propsOf` at the
 * Monitoring nested stack's template (its parameters resolved); `json` stays the parent's.
 * @default 'stack', the main stack's template with the resources of the API's route stacks
 * ({@link Synthesized.app})
 */
export function sharedStack(under: 'stack' | 'monitoring' = 'stack'): SharedStack {
  const shared = {
    ofType: (type: string) => Object.entries(shared.resources).filter(([, r]) => r.Type === type),
    propsOf: (id: string) => shared.resources[id]!.Properties,
  } as SharedStack;
  beforeAll(() => {
    const synthesized = sharedSynthesis();
    const json = under === 'monitoring' ? synthesized.monitoring : synthesized.app;
    Object.assign(shared, synthesized, {
      template: Template.fromJSON(json),
      resources: json.Resources,
    });
  }, 300_000);
  return shared;
}
