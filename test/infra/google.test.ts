/**
 * The stack with Google sign-in (`-c googleClientId=… -c googleClientSecretName=…`), and the app's
 * refusals before any synth.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../infra/app';
import { fakeWebDist, GOOGLE_CONTEXT, logicalId, render, synthesize, type Synthesized } from './synth';

describe('with Google sign-in', () => {
  let s: Synthesized;
  beforeAll(() => {
    // Without bundling the functions: nothing here reads their code (synth.ts, SynthesizeOptions).
    s = synthesize(GOOGLE_CONTEXT, { bundle: false });
  }, 180_000);

  it('leaves no cdk-nag AwsSolutions error or warning unacknowledged', () => {
    expect(s.nagFindings).toEqual([]);
  });

  it('adds the Google provider, its secret read by CloudFormation at deploy time, only the email mapped (the one attribute the client may write)', () => {
    s.template.hasResourceProperties('AWS::Cognito::UserPoolIdentityProvider', {
      ProviderName: 'Google',
      ProviderType: 'Google',
      ProviderDetails: {
        client_id: GOOGLE_CONTEXT.googleClientId,
        client_secret: `{{resolve:secretsmanager:${GOOGLE_CONTEXT.googleClientSecretName}:SecretString:::}}`,
        authorize_scopes: 'openid email profile',
      },
      AttributeMapping: { email: 'email' },
    });
    expect(s.json.Resources[logicalId(s.stack.auth.client)]!.Properties.WriteAttributes).toEqual(['email']);
  });

  it('offers Google on the web client, which waits for the provider to exist', () => {
    const client = s.json.Resources[logicalId(s.stack.auth.client)]!;
    expect(client.Properties.SupportedIdentityProviders).toEqual(['COGNITO', 'Google']);
    expect(client.DependsOn).toContain(logicalId(s.stack.auth.node.findChild('Google')));
  });

  it('lets the site call the Cognito OAuth domain and tells the web app about it', () => {
    const domain = `\${${logicalId(s.stack.auth.domain)}}.auth.\${AWS::Region}.amazoncognito.com`;
    const [policy] = Object.values(s.json.Resources).filter((r) => r.Type === 'AWS::CloudFront::ResponseHeadersPolicy');
    const csp = render(
      (
        policy!.Properties.ResponseHeadersPolicyConfig as {
          SecurityHeadersConfig: { ContentSecurityPolicy: { ContentSecurityPolicy: unknown } };
        }
      ).SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy,
    );
    expect(csp).toContain(`https://cognito-idp.\${AWS::Region}.\${AWS::URLSuffix} https://${domain};`);
    const shell = Object.values(s.json.Resources).find((r) => r.Type === 'Custom::CDKBucketDeployment' && r.Properties.DistributionId)!;
    const markers = Object.values((shell.Properties.SourceMarkers as Record<string, unknown>[])[1]!).map(render);
    expect(markers).toContain(`\${${logicalId(s.stack.auth.domain)}}`);
    expect(render(s.json.Outputs.CognitoDomain!.Value)).toBe(domain);
  });
});

describe('the app refuses', () => {
  it('half a Google configuration, naming both context keys', () => {
    expect(() => createApp({ context: { googleClientId: 'x' }, webDist: fakeWebDist() })).toThrow(
      'Google sign-in needs both -c googleClientId=… and -c googleClientSecretName=…',
    );
  });

  it('to synthesize without a web build, naming npm run build', () => {
    expect(() => createApp({ webDist: '/nonexistent/web/dist' })).toThrow('run `npm run build` first');
  });
});
