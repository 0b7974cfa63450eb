import * as cognito from 'aws-cdk-lib/aws-cognito';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { publishToSiteStack } from './usEast1';

/** The SSM parameter (in us-east-1) through which a stage's site stack finds its distribution's web ACL. */
export const firewallArnParameter = (stage: string) => `/vaya-dia/${stage}/firewall/web-acl-arn`;

/**
 * Requests from one IP address in any 5 minutes above which WAF answers 429 until the rate falls:
 * every request (documents, files, API), and writes (POST, PUT, PATCH, DELETE: API calls only).
 */
export const FIREWALL_LIMITS = { allRequests: 2000, writes: 100 } as const;

/**
 * Calls to the user pool from one IP address in any 5 minutes above which WAF refuses them: sign-ups,
 * sign-ins and password resets (and their code confirmations), each counted on its own. A family
 * behind one address registers a few accounts; a bot registers hundreds.
 */
export const SIGN_IN_LIMITS = { signUp: 100, signIn: 300, passwordReset: 100 } as const;

/** The Cognito API operations (`X-Amz-Target`) each of {@link SIGN_IN_LIMITS} counts. */
export const SIGN_IN_OPERATIONS = {
  signUp: ['SignUp', 'ConfirmSignUp', 'ResendConfirmationCode'],
  signIn: ['InitiateAuth', 'RespondToAuthChallenge'],
  passwordReset: ['ForgotPassword', 'ConfirmForgotPassword'],
} as const satisfies Record<keyof typeof SIGN_IN_LIMITS, readonly string[]>;

const visibility = (metricName: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  sampledRequestsEnabled: true,
  metricName,
});

const tooManyRequests: wafv2.CfnWebACL.RuleActionProperty = { block: { customResponse: { responseCode: 429 } } };

/** A rate-based rule per client IP over 5 minutes, on the requests `scopeDown` matches (all when absent). */
function ratePerIp(
  name: string,
  priority: number,
  limit: number,
  scopeDown?: wafv2.CfnWebACL.StatementProperty,
): wafv2.CfnWebACL.RuleProperty {
  return {
    name,
    priority,
    action: tooManyRequests,
    statement: {
      rateBasedStatement: {
        aggregateKeyType: 'IP',
        evaluationWindowSec: 300,
        limit,
        ...(scopeDown ? { scopeDownStatement: scopeDown } : {}),
      },
    },
    visibilityConfig: visibility(name),
  };
}

/** Requests one of whose `field` values equals one of `values`. */
function oneOf(field: wafv2.CfnWebACL.FieldToMatchProperty, values: readonly string[]): wafv2.CfnWebACL.StatementProperty {
  const matches = values.map((value): wafv2.CfnWebACL.StatementProperty => ({
    byteMatchStatement: {
      fieldToMatch: field,
      positionalConstraint: 'EXACTLY',
      searchString: value,
      textTransformations: [{ priority: 0, type: 'NONE' }],
    },
  }));
  return matches.length === 1 ? matches[0]! : { orStatement: { statements: matches } };
}

/**
 * A WAF web ACL for a stage's distribution (scope CLOUDFRONT, so it must be created in us-east-1): two
 * rate-based rules per client IP, answered 429 (all requests; writes), everything else allowed, with
 * CloudWatch metrics and sampled requests for each rule. Its ARN goes to the stage's SSM parameter.
 *
 * Cost (us-east-1 prices): 5 USD a month for the ACL, 1 USD a month per rule, 0.60 USD per million
 * requests inspected; about 7 USD a month for a small site.
 */
export class RateLimitFirewall extends Construct {
  public readonly webAcl: wafv2.CfnWebACL;

  constructor(scope: Construct, id: string, props: { stage: string }) {
    super(scope, id);
    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      name: `VayaDia-${props.stage}`,
      description: 'Vaya dia: rate limits per client IP',
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility(`VayaDia-${props.stage}`),
      rules: [
        ratePerIp('RequestsPerIp', 0, FIREWALL_LIMITS.allRequests),
        ratePerIp('WritesPerIp', 1, FIREWALL_LIMITS.writes, oneOf({ method: {} }, ['POST', 'PUT', 'PATCH', 'DELETE'])),
      ],
    });
    publishToSiteStack(
      this,
      'Arn',
      firewallArnParameter(props.stage),
      this.webAcl.attrArn,
      "Vaya día: the web ACL the stage's distribution uses (read by its site stack)",
    );
  }
}

/**
 * A regional WAF web ACL on the user pool (`-c waf=true`): sign-up, sign-in and password reset each
 * rate-limited per client IP ({@link SIGN_IN_LIMITS}), and Amazon's IP reputation list (addresses
 * known for bots and fraud) refused before any of them. It sits in the site's stack: a user pool's web
 * ACL is of its own region.
 *
 * Cost: 5 USD a month for the ACL, 1 USD a month per rule (the managed IP reputation list included, at
 * no extra charge), 0.60 USD per million requests: about 9 USD a month.
 */
export class SignInFirewall extends Construct {
  public readonly webAcl: wafv2.CfnWebACL;

  constructor(scope: Construct, id: string, props: { stage: string; userPool: cognito.IUserPool }) {
    super(scope, id);
    const target = (operations: readonly string[]) =>
      oneOf(
        { singleHeader: { Name: 'x-amz-target' } },
        operations.map((operation) => `AWSCognitoIdentityProviderService.${operation}`),
      );
    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      name: `VayaDia-${props.stage}-sign-in`,
      description: 'Vaya dia: bots kept out of sign-up, sign-in and password reset',
      scope: 'REGIONAL',
      defaultAction: { allow: {} },
      visibilityConfig: visibility(`VayaDia-${props.stage}-sign-in`),
      rules: [
        {
          name: 'IpReputation',
          priority: 0,
          overrideAction: { none: {} },
          statement: { managedRuleGroupStatement: { vendorName: 'AWS', name: 'AWSManagedRulesAmazonIpReputationList' } },
          visibilityConfig: visibility('IpReputation'),
        },
        ratePerIp('SignUpsPerIp', 1, SIGN_IN_LIMITS.signUp, target(SIGN_IN_OPERATIONS.signUp)),
        ratePerIp('SignInsPerIp', 2, SIGN_IN_LIMITS.signIn, target(SIGN_IN_OPERATIONS.signIn)),
        ratePerIp('PasswordResetsPerIp', 3, SIGN_IN_LIMITS.passwordReset, target(SIGN_IN_OPERATIONS.passwordReset)),
      ],
    });
    new wafv2.CfnWebACLAssociation(this, 'OnUserPool', { resourceArn: props.userPool.userPoolArn, webAclArn: this.webAcl.attrArn });
  }
}
