import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { fileURLToPath } from 'node:url';
import { FUNCTION_BUNDLE } from '../functionBundle';
import { environmentOf, type EndpointName, type FunctionDeclaration, type TableAccess, type TableName } from '../functions';
import type { Data } from './data';

const REPOSITORY_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface LambdaFunctionProps {
  /** The handler module, relative to the repository root, e.g. `functions/handlers/http/getPost.ts`. It exports `handler`. */
  readonly entry: string;
  /** Environment variables: the tables and endpoints the handler needs, named by `ENV` in functions/store/tables.ts. */
  readonly environment: Record<string, string>;
  /** @default Duration.seconds(10) */
  readonly timeout?: Duration;
  /** @default 256 */
  readonly memorySize?: number;
  /** How long the function's logs are kept. @default logs.RetentionDays.ONE_MONTH */
  readonly logRetention?: logs.RetentionDays;
  /**
   * Files copied beside the bundled handler: name in the bundle → absolute path (it must exist when
   * the stack is synthesized: `npm run synth` builds the web first).
   * @default - none
   */
  readonly files?: Readonly<Record<string, string>>;
}

/**
 * One Lambda handler with the project's defaults: bundled by the locally installed esbuild (never
 * Docker), minified with source maps, Node.js 24 on arm64, its own log group with a retention, and
 * its own role that may write to that log group and nothing else until a `grant*` adds to it.
 */
export class LambdaFunction extends Construct implements iam.IGrantable {
  public readonly function: NodejsFunction;
  public readonly logGroup: logs.LogGroup;
  public readonly grantPrincipal: iam.IPrincipal;

  constructor(scope: Construct, id: string, props: LambdaFunctionProps) {
    super(scope, id);

    this.logGroup = new logs.LogGroup(this, 'Logs', {
      retention: props.logRetention ?? logs.RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    // A role of our own instead of the AWSLambdaBasicExecutionRole managed policy, which may write
    // to every log group in the account.
    const role = new iam.Role(this, 'Role', { assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com') });
    this.logGroup.grantWrite(role);

    this.function = new NodejsFunction(this, 'Function', {
      entry: `${REPOSITORY_ROOT}${props.entry}`,
      handler: 'handler',
      projectRoot: REPOSITORY_ROOT,
      depsLockFilePath: `${REPOSITORY_ROOT}package-lock.json`,
      runtime: lambda.Runtime.NODEJS_24_X,
      architecture: lambda.Architecture.ARM_64,
      memorySize: props.memorySize ?? 256,
      timeout: props.timeout ?? Duration.seconds(10),
      role,
      logGroup: this.logGroup,
      environment: { ...props.environment, NODE_OPTIONS: '--enable-source-maps' },
      bundling: {
        forceDockerBundling: false,
        // The options the local cloud bundles with too (infra/functionBundle.ts).
        format: OutputFormat.ESM,
        mainFields: [...FUNCTION_BUNDLE.mainFields],
        banner: FUNCTION_BUNDLE.banner,
        target: FUNCTION_BUNDLE.target,
        minify: FUNCTION_BUNDLE.minify,
        sourceMap: FUNCTION_BUNDLE.sourceMap,
        // The SDK is bundled at the version the tests ran against, not whatever the runtime ships;
        // a bundled, tree-shaken SDK also loads faster than the runtime's full copy.
        bundleAwsSDK: true,
        esbuildArgs: Object.fromEntries(Object.entries(FUNCTION_BUNDLE.alias).map(([module, file]) => [`--alias:${module}`, file])),
        loader: { ...FUNCTION_BUNDLE.loader },
        define: { ...FUNCTION_BUNDLE.define },
        commandHooks: {
          beforeBundling: () => [],
          beforeInstall: () => [],
          afterBundling: (_inputDir, outputDir) =>
            Object.entries(props.files ?? {}).map(([name, source]) => `cp "${source}" "${outputDir}/${name}"`),
        },
      },
    });
    this.grantPrincipal = this.function.grantPrincipal;
    Validations.of(this.function).acknowledge({
      id: 'AwsSolutions-L1',
      reason:
        'Node.js 24 is the runtime the project targets and CI tests on; it is the newest Lambda offers. The rule flags any runtime that is not the latest CDK knows, so a CDK release must not move it silently: an upgrade is a deliberate change, tested first.',
    });
  }
}

/** An address a declared function reads from its environment, and the permission to use it. */
export type EndpointBinding = { readonly url: string; grant(grantee: iam.IGrantable): void };

export interface DeclaredFunctionProps {
  /** The function's one declaration (infra/functions.ts): entry, tables, endpoints, sizes. */
  readonly declaration: FunctionDeclaration;
  /** The tables; the function is granted exactly what its declaration lists. */
  readonly data: Data;
  /** The endpoints the declaration names. */
  readonly endpoints?: Partial<Record<EndpointName, EndpointBinding>>;
  /** The declared functions it invokes (its declaration's `invokes`), by id. */
  readonly invokes?: Readonly<Record<string, lambda.IFunction>>;
  /** Files copied beside the bundled handler (see {@link LambdaFunctionProps.files}). */
  readonly files?: Readonly<Record<string, string>>;
}

/**
 * A Lambda built from its declaration: its environment derived from the tables and endpoints it
 * declares (the same derivation the local cloud uses), its grants exactly those. The construct id is
 * the declaration's id.
 */
export class DeclaredFunction extends LambdaFunction {
  constructor(scope: Construct, props: DeclaredFunctionProps) {
    const { declaration, data, endpoints = {}, invokes = {} } = props;
    const invoked = (id: string): lambda.IFunction => {
      const found = invokes[id];
      if (!found) throw new Error(`${declaration.id} invokes ${id}, which its construct does not provide`);
      return found;
    };
    const binding = (name: EndpointName): EndpointBinding => {
      const found = endpoints[name];
      if (!found) throw new Error(`${declaration.id} uses the ${name} endpoint, which its construct does not provide`);
      return found;
    };
    super(scope, declaration.id, {
      entry: declaration.entry,
      environment: environmentOf(declaration, {
        tableName: (table) => data.tables[table].tableName,
        endpoint: (name) => binding(name).url,
        functionName: (id) => invoked(id).functionName,
      }),
      memorySize: declaration.memorySize,
      timeout: declaration.timeoutSeconds !== undefined ? Duration.seconds(declaration.timeoutSeconds) : undefined,
      files: {
        ...Object.fromEntries(Object.entries(declaration.files ?? {}).map(([name, path]) => [name, `${REPOSITORY_ROOT}${path}`])),
        ...props.files,
      },
    });
    for (const [table, access] of Object.entries(declaration.tables) as [TableName, TableAccess][]) data.grant(this, table, access);
    for (const name of declaration.endpoints ?? []) binding(name).grant(this);
    // The function itself (its unqualified ARN), not its versions and aliases (grantInvoke's `:*`).
    for (const id of declaration.invokes ?? []) {
      iam.Grant.addToPrincipal({ grantee: this, actions: ['lambda:InvokeFunction'], resourceArns: [invoked(id).functionArn] });
    }
  }
}
