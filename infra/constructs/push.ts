import * as iam from 'aws-cdk-lib/aws-iam';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { PUSH_SERVICES } from '../pushServices';
import type { EndpointBinding } from './lambdaFunction';

export interface PushProps {
  /** The Secrets Manager secret (made by the operator before deploying: docs/deploy-and-operate.md) with the VAPID keys. */
  readonly vapidSecretName: string;
}

/**
 * Web Push's two addresses for the declared functions: the VAPID keys' secret (each function that names
 * `pushKeys` may read that one secret, nothing else) and the push services' allow-list (`pushServices`).
 */
export class Push extends Construct {
  public readonly endpoints: { pushKeys: EndpointBinding; pushServices: EndpointBinding };

  constructor(scope: Construct, id: string, props: PushProps) {
    super(scope, id);
    // By name: the secret exists before the stack (its value is made offline); its ARN ends in a random suffix.
    const secret = secretsmanager.Secret.fromSecretNameV2(this, 'VapidKeys', props.vapidSecretName);
    this.endpoints = {
      pushKeys: {
        url: secret.secretName,
        // GetSecretValue on that one secret (its ARN ends in Secrets Manager's random six characters).
        grant: (grantee: iam.IGrantable) => {
          iam.Grant.addToPrincipal({ grantee, actions: ['secretsmanager:GetSecretValue'], resourceArns: [`${secret.secretArn}-??????`] });
        },
      },
      pushServices: { url: PUSH_SERVICES.join(','), grant: () => undefined },
    };
  }
}
