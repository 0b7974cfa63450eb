import { Aws, Stack } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { PAGE_SHELL_FILE } from '../../functions/config';
import type { LegalDetailsInput } from '../../functions/contract/legal';
import { functionsTriggeredBy } from '../functions';
import type { Data } from './data';
import { DeclaredFunction } from './lambdaFunction';

export interface PagesProps {
  /** The tables the page function reads. */
  readonly data: Data;
  /** The built app's index.html, which the function renders pages into (bundled beside it). */
  readonly shell: string;
  /**
   * Who runs the site, as «Aviso legal» and «Privacidad» name them (deploy context `operatorName`,
   * `operatorNif`, `operatorAddress`, `operatorEmail`); the region is the stack's own.
   * @default - each detail a bracketed placeholder that says it was not given
   */
  readonly operator?: SiteOperatorProps;
}

/** The operator's details as the deployment gives them; each optional. */
export type SiteOperatorProps = Omit<LegalDetailsInput, 'region'>;

/**
 * The page function (the declaration with a `document` trigger: every document of the site, see
 * infra/documentRoutes.ts), with a function URL that only CloudFront may call: the URL requires IAM
 * authentication, and the site's distribution signs its requests with Origin Access Control
 * (infra/constructs/site.ts), which also grants it `lambda:InvokeFunctionUrl`.
 */
export class Pages extends Construct {
  public readonly function: DeclaredFunction;
  public readonly url: lambda.IFunctionUrl;

  constructor(scope: Construct, id: string, props: PagesProps) {
    super(scope, id);
    const [declaration, ...others] = functionsTriggeredBy('document');
    if (!declaration || others.length > 0) throw new Error('Exactly one function serves the documents (a `document` trigger)');
    // The region is the deployment's (a token resolved by CloudFormation), never written here.
    const legalDetails: LegalDetailsInput = { ...props.operator, region: Aws.REGION };
    this.function = new DeclaredFunction(this, {
      declaration,
      data: props.data,
      files: { [PAGE_SHELL_FILE]: props.shell },
      endpoints: { legalDetails: { url: Stack.of(this).toJsonString(legalDetails), grant: () => undefined } },
    });
    this.url = this.function.function.addFunctionUrl({ authType: lambda.FunctionUrlAuthType.AWS_IAM });
  }
}
