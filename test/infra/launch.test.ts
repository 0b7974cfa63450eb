/**
 * What an operator launching the site asks of the stack: stages side by side, the site's own domain,
 * codes sent through SES, bots kept off the user pool, and bad options refused with a reason.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp, stackNames } from '../../infra/app';
import { AUTH_MESSAGES } from '../../infra/constructs/auth';
import { certificateArnParameter } from '../../infra/constructs/certificate';
import { SIGN_IN_LIMITS, SIGN_IN_OPERATIONS } from '../../infra/constructs/firewall';
import { MAIL_ALARM_RATES } from '../../infra/constructs/mail';
import { pageRequestFunctionCode } from '../../infra/documentRoutes';
import { cloudFrontHandler, viewerRequest } from './documents';
import { fakeWebDist, logicalId, render, synthesize, type CfnResourceJson, type Synthesized, type TemplateJson } from './synth';

const ZONE = { hostedZoneId: 'Z0123456789ABCDEFGHIJ', hostedZoneName: 'vayadia.es' };
const PROD = {
  stage: 'prod',
  domainName: 'vayadia.es',
  authDomain: 'auth.vayadia.es',
  sesFromAddress: 'no-responde@vayadia.es',
  waf: 'true',
  ...ZONE,
};
const STAGING = {
  stage: 'staging',
  domainName: 'staging.vayadia.es',
  sesFromAddress: 'no-responde@staging.vayadia.es',
  waf: 'true',
  ...ZONE,
};

let prod: Synthesized;
let staging: Synthesized;
beforeAll(() => {
  // Without bundling the functions: nothing here reads their code (synth.ts, SynthesizeOptions).
  prod = synthesize(PROD, { bundle: false });
  staging = synthesize(STAGING, { bundle: false });
}, 240_000);

const ofType = (template: TemplateJson, type: string) => Object.entries(template.Resources).filter(([, r]) => r.Type === type);
const only = (template: TemplateJson, type: string) => {
  const found = ofType(template, type);
  expect(found, type).toHaveLength(1);
  return found[0]!;
};

/** Every template of a synthesis: the site's, its nested monitoring, and the us-east-1 stacks. */
const templates = (s: Synthesized) => [
  s.json,
  s.monitoring,
  ...(s.firewall ? [s.firewall.json] : []),
  ...(s.certificate ? [s.certificate.json] : []),
];

/** The properties that give a resource a name unique in an account and region (or worldwide), by type. */
const UNIQUE_NAMES: Record<string, string> = {
  'AWS::DynamoDB::Table': 'TableName',
  'AWS::Lambda::Function': 'FunctionName',
  'AWS::IAM::Role': 'RoleName',
  'AWS::S3::Bucket': 'BucketName',
  'AWS::Logs::LogGroup': 'LogGroupName',
  'AWS::SNS::Topic': 'TopicName',
  'AWS::SQS::Queue': 'QueueName',
  'AWS::SSM::Parameter': 'Name',
  'AWS::WAFv2::WebACL': 'Name',
  'AWS::SES::ConfigurationSet': 'Name',
  'AWS::SES::EmailIdentity': 'EmailIdentity',
  'AWS::Route53::RecordSet': 'Name',
  'AWS::CloudWatch::Alarm': 'AlarmName',
  'AWS::CloudWatch::Dashboard': 'DashboardName',
  'AWS::Cognito::UserPoolDomain': 'Domain',
  'AWS::CertificateManager::Certificate': 'DomainName',
};

/** The unique names a stage gives its resources (a table's, an alarm's, a parameter's…), rendered. */
function physicalNames(s: Synthesized): Set<string> {
  const names = new Set<string>();
  for (const template of templates(s)) {
    for (const resource of Object.values(template.Resources)) {
      const key = UNIQUE_NAMES[resource.Type];
      const value = key ? resource.Properties?.[key] : undefined;
      if (value !== undefined) names.add(`${resource.Type} ${key}=${render(value)}`);
    }
  }
  return names;
}

describe('stages', () => {
  it('names the stacks after the stage, the us-east-1 ones deployed first', () => {
    expect(prod.assembly.stacks.map((stack) => stack.stackName).sort()).toEqual(Object.values(stackNames('prod')).sort());
    const site = prod.assembly.getStackByName(stackNames('prod').site);
    const stacks = Object.values(stackNames('prod')) as string[];
    expect(
      site.dependencies
        .map((d) => d.id)
        .filter((id) => stacks.includes(id))
        .sort(),
    ).toEqual([stackNames('prod').certificate, stackNames('prod').firewall].sort());
    expect(prod.firewall?.region).toBe('us-east-1');
    expect(prod.certificate?.region).toBe('us-east-1');
  });

  it('gives two stages no physical name, export or domain prefix in common', () => {
    const prodNames = physicalNames(prod);
    const shared = [...physicalNames(staging)].filter((name) => prodNames.has(name));
    expect(shared).toEqual([]);
    // Names exist on both sides (the comparison is not vacuous): tables get generated names, these do not.
    expect([...prodNames].filter((name) => name.startsWith('AWS::WAFv2::WebACL')).sort()).toEqual([
      'AWS::WAFv2::WebACL Name=VayaDia-prod',
      'AWS::WAFv2::WebACL Name=VayaDia-prod-sign-in',
    ]);
    expect(prodNames).toContain('AWS::Cognito::UserPoolDomain Domain=auth.vayadia.es');
    expect(physicalNames(staging)).toContain('AWS::Cognito::UserPoolDomain Domain=vaya-dia-staging-${AWS::AccountId}');
    expect(prodNames).toContain(`AWS::SSM::Parameter Name=${certificateArnParameter('prod')}`);
    for (const s of [prod, staging])
      for (const template of templates(s))
        for (const output of Object.values(template.Outputs ?? {})) expect(output).not.toHaveProperty('Export');
  });

  it('keeps and deletion-protects the data in prod only; other stages destroy cleanly', () => {
    const tables = (s: Synthesized) => ofType(s.json, 'AWS::DynamoDB::Table').map(([, table]) => table);
    const pool = (s: Synthesized) => s.json.Resources[logicalId(s.stack.auth.userPool)]!;
    for (const table of tables(prod)) {
      expect(table).toMatchObject({ DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain' });
      expect(table.Properties.DeletionProtectionEnabled).toBe(true);
    }
    expect(pool(prod)).toMatchObject({ DeletionPolicy: 'Retain', Properties: { DeletionProtection: 'ACTIVE' } });
    for (const table of tables(staging)) {
      expect(table).toMatchObject({ DeletionPolicy: 'Delete' });
      expect(table.Properties.DeletionProtectionEnabled).toBe(false);
    }
    expect(pool(staging)).toMatchObject({ DeletionPolicy: 'Delete', Properties: { DeletionProtection: 'INACTIVE' } });
    const retained = (s: Synthesized) =>
      templates(s)
        .flatMap((t) => Object.values(t.Resources))
        .filter((r) => r.DeletionPolicy === 'Retain');
    // What staging still keeps is account-wide API Gateway logging set-up, shared by design (docs/deploy-and-operate.md).
    expect(
      retained(staging)
        .map((r: CfnResourceJson) => r.Type)
        .sort(),
    ).toEqual(['AWS::ApiGateway::Account', 'AWS::IAM::Role']);
  });

  it('leaves no cdk-nag AwsSolutions finding unacknowledged with every launch option', () => {
    expect(prod.nagFindings).toEqual([]);
    expect(staging.nagFindings).toEqual([]);
  });
});

describe('its own domain', () => {
  it('validates a certificate for the domain and the hosted UI by DNS in us-east-1, and hands its ARN over', () => {
    const [certificateId, certificate] = only(prod.certificate!.json, 'AWS::CertificateManager::Certificate');
    expect(certificate.Properties).toMatchObject({
      DomainName: 'vayadia.es',
      SubjectAlternativeNames: ['auth.vayadia.es'],
      ValidationMethod: 'DNS',
      DomainValidationOptions: [
        { DomainName: 'vayadia.es', HostedZoneId: ZONE.hostedZoneId },
        { DomainName: 'auth.vayadia.es', HostedZoneId: ZONE.hostedZoneId },
      ],
    });
    const parameters = ofType(prod.certificate!.json, 'AWS::SSM::Parameter').map(([, p]) => p.Properties);
    expect(parameters).toEqual([expect.objectContaining({ Name: certificateArnParameter('prod'), Value: { Ref: certificateId } })]);
  });

  it('serves the distribution at the domain with TLSv1.2_2021 and points A and AAAA records at it', () => {
    const config = prod.json.Resources[logicalId(prod.stack.site.distribution)]!.Properties.DistributionConfig as Record<string, unknown>;
    expect(config.Aliases).toEqual(['vayadia.es']);
    expect(config.ViewerCertificate).toMatchObject({ MinimumProtocolVersion: 'TLSv1.2_2021', SslSupportMethod: 'sni-only' });
    const records = ofType(prod.json, 'AWS::Route53::RecordSet').map(([, r]) => r.Properties);
    const site = records.filter((r) => r.Name === 'vayadia.es.');
    expect(site.map((r) => r.Type).sort()).toEqual(['A', 'AAAA']);
    for (const record of site) {
      expect(record.HostedZoneId).toBe(ZONE.hostedZoneId);
      expect(render((record.AliasTarget as { DNSName: unknown }).DNSName)).toBe(
        `\${${logicalId(prod.stack.site.distribution)}.DomainName}`,
      );
    }
  });

  it('names the domain in every absolute URL: the site URL, the OAuth callbacks, and documents asked for elsewhere', () => {
    expect(render(prod.json.Outputs.SiteUrl!.Value)).toBe('https://vayadia.es/');
    const client = prod.json.Resources[logicalId(prod.stack.auth.client)]!.Properties;
    expect(client.CallbackURLs).toEqual(['https://vayadia.es/']);
    expect(client.LogoutURLs).toEqual(['https://vayadia.es/']);
    const handle = cloudFrontHandler<{ statusCode?: number; headers: Record<string, { value: string }> }>(
      pageRequestFunctionCode('vayadia.es'),
    );
    const atDistribution = viewerRequest('/top');
    atDistribution.request.headers = { host: { value: 'd111111abcdef8.cloudfront.net' } };
    atDistribution.request.querystring = { period: { value: 'week' } };
    expect(handle(atDistribution)).toMatchObject({
      statusCode: 301,
      headers: { location: { value: 'https://vayadia.es/top?period=week' } },
    });
    const atDomain = viewerRequest('/top');
    atDomain.request.headers = { host: { value: 'vayadia.es' } };
    expect(handle(atDomain).headers['x-forwarded-host']).toEqual({ value: 'vayadia.es' });
    expect(() => pageRequestFunctionCode("vayadia.es'; evil()")).toThrow(/host name/);
  });

  it('puts the hosted UI on its subdomain, after the site’s record (Cognito asks for the parent’s A record first)', () => {
    const domainId = logicalId(prod.stack.auth.domain);
    const domain = prod.json.Resources[domainId]!;
    expect(domain.Properties).toMatchObject({ Domain: 'auth.vayadia.es', CustomDomainConfig: { CertificateArn: expect.anything() } });
    expect(domain.DependsOn).toContain(logicalId(prod.stack.site.aliasRecord!));
    expect(prod.stack.auth.oauthDomain).toBe('auth.vayadia.es');
    const record = ofType(prod.json, 'AWS::Route53::RecordSet').find(([, r]) => r.Properties.Name === 'auth.vayadia.es.');
    expect(record?.[1].Properties.Type).toBe('A');
  });
});

describe('e-mail through SES', () => {
  it('makes the sending domain an SES identity with DKIM in the zone and a configuration set', () => {
    const [, identity] = only(prod.json, 'AWS::SES::EmailIdentity');
    expect(identity.Properties).toMatchObject({
      EmailIdentity: 'vayadia.es',
      ConfigurationSetAttributes: { ConfigurationSetName: expect.anything() },
    });
    const dkim = ofType(prod.json, 'AWS::Route53::RecordSet').filter(([, r]) => r.Properties.Type === 'CNAME');
    expect(dkim).toHaveLength(3);
    const [, set] = only(prod.json, 'AWS::SES::ConfigurationSet');
    expect(set.Properties).toMatchObject({ Name: 'vaya-dia-prod', ReputationOptions: { ReputationMetricsEnabled: true } });
  });

  it('has Cognito send Spanish codes and invitations through it', () => {
    const pool = prod.json.Resources[logicalId(prod.stack.auth.userPool)]!.Properties;
    expect(pool.EmailConfiguration).toMatchObject({
      EmailSendingAccount: 'DEVELOPER',
      From: `=?UTF-8?B?${Buffer.from('Vaya día').toString('base64')}?= <no-responde@vayadia.es>`,
      ConfigurationSet: { Ref: logicalId(prod.stack.node.findChild('Mail').node.findChild('Sending')) },
    });
    expect(render((pool.EmailConfiguration as { SourceArn: unknown }).SourceArn)).toMatch(
      /:ses:\$\{AWS::Region\}:\$\{AWS::AccountId\}:identity\/vayadia\.es$/,
    );
    expect(pool.VerificationMessageTemplate).toMatchObject({
      EmailSubject: AUTH_MESSAGES.codeSubject,
      EmailMessage: AUTH_MESSAGES.codeBody,
    });
    expect(pool.AdminCreateUserConfig).toMatchObject({
      InviteMessageTemplate: { EmailSubject: AUTH_MESSAGES.invitationSubject, EmailMessage: AUTH_MESSAGES.invitationBody },
    });
    expect(AUTH_MESSAGES.codeBody).toContain('{####}');
    expect(AUTH_MESSAGES.invitationBody).toContain('{username}');
  });

  it('raises alarms before SES’s bounce and complaint limits', () => {
    const alarms = ofType(prod.monitoring, 'AWS::CloudWatch::Alarm').map(([, a]) => a.Properties);
    const mail = alarms.filter((a) => (a.Namespace as string) === 'AWS/SES');
    expect(mail.map((a) => [a.MetricName, a.Threshold, render(a.AlarmName)]).sort()).toEqual([
      ['Reputation.BounceRate', MAIL_ALARM_RATES.bounce, 'VayaDia-prod-MailBounces'],
      ['Reputation.ComplaintRate', MAIL_ALARM_RATES.complaint, 'VayaDia-prod-MailComplaints'],
    ]);
  });

  it('says plainly in the outputs when Cognito’s 50-a-day sender is still in use', () => {
    const plain = synthesize({}, { bundle: false });
    expect(render(plain.json.Outputs.MailSender!.Value)).toMatch(/50 e-mails a day/);
    expect(ofType(plain.json, 'AWS::SES::EmailIdentity')).toEqual([]);
    expect(plain.json.Resources[logicalId(plain.stack.auth.userPool)]!.Properties.EmailConfiguration).toEqual({
      EmailSendingAccount: 'COGNITO_DEFAULT',
    });
  }, 120_000);
});

describe('bots kept off the user pool (-c waf=true)', () => {
  it('puts a regional web ACL on the pool: the IP reputation list, and sign-up, sign-in and reset limited per IP', () => {
    const [aclId, acl] = only(prod.json, 'AWS::WAFv2::WebACL');
    expect(acl.Properties).toMatchObject({ Scope: 'REGIONAL', DefaultAction: { Allow: {} } });
    type Match = { ByteMatchStatement: { FieldToMatch: unknown; SearchString: string } };
    type Statement = Match & {
      ManagedRuleGroupStatement?: unknown;
      RateBasedStatement: { Limit: number; ScopeDownStatement: Match & { OrStatement?: { Statements: Match[] } } };
    };
    const rules = acl.Properties.Rules as { Name: string; Statement: Statement }[];
    expect(rules[0]!.Statement.ManagedRuleGroupStatement).toEqual({ VendorName: 'AWS', Name: 'AWSManagedRulesAmazonIpReputationList' });
    const limited = Object.fromEntries(
      rules.slice(1).map((rule) => {
        const rate = rule.Statement.RateBasedStatement;
        const scope = rate.ScopeDownStatement;
        const matches = (scope.OrStatement?.Statements ?? [scope]) as {
          ByteMatchStatement: { FieldToMatch: unknown; SearchString: string };
        }[];
        for (const match of matches) expect(match.ByteMatchStatement.FieldToMatch).toEqual({ SingleHeader: { Name: 'x-amz-target' } });
        return [
          rule.Name,
          {
            limit: rate.Limit,
            targets: matches.map((m) => m.ByteMatchStatement.SearchString.replace('AWSCognitoIdentityProviderService.', '')),
          },
        ];
      }),
    );
    expect(limited).toEqual({
      SignUpsPerIp: { limit: SIGN_IN_LIMITS.signUp, targets: [...SIGN_IN_OPERATIONS.signUp] },
      SignInsPerIp: { limit: SIGN_IN_LIMITS.signIn, targets: [...SIGN_IN_OPERATIONS.signIn] },
      PasswordResetsPerIp: { limit: SIGN_IN_LIMITS.passwordReset, targets: [...SIGN_IN_OPERATIONS.passwordReset] },
    });
    const [, association] = only(prod.json, 'AWS::WAFv2::WebACLAssociation');
    expect(association.Properties).toEqual({
      ResourceArn: { 'Fn::GetAtt': [logicalId(prod.stack.auth.userPool), 'Arn'] },
      WebACLArn: { 'Fn::GetAtt': [aclId, 'Arn'] },
    });
  });
});

describe('bad launch options', () => {
  const attempt = (context: Record<string, string>) => () => createApp({ context, webDist: fakeWebDist() });
  it.each([
    [{ stage: 'Prod!' }, /stage name/],
    [{ domainName: 'vayadia.es' }, /hostedZoneId=Z… -c hostedZoneName=/],
    [{ domainName: 'vayadia.es', hostedZoneId: 'Z1', hostedZoneName: 'otro.es' }, /not in the zone/],
    [{ domainName: 'https://vayadia.es/', ...ZONE }, /not a domain name/],
    [{ domainName: 'vayadia.es', authDomain: 'auth.otro.es', ...ZONE }, /another name in the zone/],
    [{ hostedZoneId: 'Z1' }, /go with -c domainName/],
    [{ sesFromAddress: 'no-responde' }, /not an e-mail address/],
  ])('refuses %o with a reason', (context, reason) => {
    expect(attempt(context)).toThrow(reason);
  });
});
