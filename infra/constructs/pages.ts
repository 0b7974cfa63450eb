import * as lambda from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { PAGE_SHELL_FILE } from '../../functions/config';
import { functionsTriggeredBy } from '../functions';
import type { Data } from './data';
import { DeclaredFunction } from './lambdaFunction';

export interface PagesProps {
  /** The tables the page function reads. */
  readonly data: Data;
  /** The built app's index.html, which the function renders pages into (bundled beside it). */
  readonly shell: string;
}

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
    this.function = new DeclaredFunction(this, { declaration, data: props.data, files: { [PAGE_SHELL_FILE]: props.shell } });
    this.url = this.function.function.addFunctionUrl({ authType: lambda.FunctionUrlAuthType.AWS_IAM });
  }
}
