import * as lambda from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { functionsTriggeredBy } from '../functions';
import type { Data } from './data';
import { DeclaredFunction } from './lambdaFunction';

export interface ShareCardsProps {
  /** The tables the image function reads (a post, to draw its card). */
  readonly data: Data;
}

/**
 * The image function (the declaration with an `image` trigger: the share cards under `/og/`, see
 * infra/documentRoutes.ts), bundled with its WebAssembly and font (the declaration's `files`), with a
 * function URL that only CloudFront may call (IAM authentication, signed by the distribution's Origin
 * Access Control: infra/constructs/site.ts), as the page function's.
 */
export class ShareCards extends Construct {
  public readonly function: DeclaredFunction;
  public readonly url: lambda.IFunctionUrl;

  constructor(scope: Construct, id: string, props: ShareCardsProps) {
    super(scope, id);
    const [declaration, ...others] = functionsTriggeredBy('image');
    if (!declaration || others.length > 0) throw new Error('Exactly one function serves the share cards (an `image` trigger)');
    this.function = new DeclaredFunction(this, { declaration, data: props.data });
    this.url = this.function.function.addFunctionUrl({ authType: lambda.FunctionUrlAuthType.AWS_IAM });
  }
}
