import * as lambda from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { functionsTriggeredBy } from '../functions';
import type { Data } from './data';
import { DeclaredFunction } from './lambdaFunction';

export interface PagesProps {
  /** The tables the page functions read. */
  readonly data: Data;
}

/** A page function and the CloudFront path patterns whose origin is its URL. */
export type PageRoute = { readonly paths: readonly string[]; readonly url: lambda.IFunctionUrl };

/**
 * The page functions (declarations with a `document` trigger: today the one that serves the RSS
 * feeds, the sitemap and robots.txt), each with a function URL that only CloudFront may call: the
 * URL requires IAM authentication, and the site's distribution signs its requests with Origin Access
 * Control (infra/constructs/site.ts), which also grants it `lambda:InvokeFunctionUrl`.
 */
export class Pages extends Construct {
  public readonly functions: DeclaredFunction[] = [];
  public readonly routes: PageRoute[] = [];

  constructor(scope: Construct, id: string, props: PagesProps) {
    super(scope, id);
    for (const declaration of functionsTriggeredBy('document')) {
      const fn = new DeclaredFunction(this, { declaration, data: props.data });
      this.functions.push(fn);
      const url = fn.function.addFunctionUrl({ authType: lambda.FunctionUrlAuthType.AWS_IAM });
      this.routes.push({ paths: declaration.trigger.paths, url });
    }
  }
}
