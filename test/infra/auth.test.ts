/**
 * The Auth construct: the user pool, its groups, its web client and its domain.
 * The stack as `npm run synth` builds it without Google sign-in, synthesized once for every file of
 * this folder that asks for it (sharedStack).
 */
import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { MODERATORS_GROUP } from '../../functions/contract/moderation';
import { logicalId, render, sharedStack } from './synth';

const s = sharedStack();
const { propsOf } = s;

describe('auth', () => {
  it('deletes the user pool with the stack in a stage other than prod (here dev)', () => {
    expect(s.resources[logicalId(s.stack.auth.userPool)]).toMatchObject({ DeletionPolicy: 'Delete', UpdateReplacePolicy: 'Delete' });
    expect(propsOf(logicalId(s.stack.auth.userPool)).DeletionProtection).toBe('INACTIVE');
  });

  it('has the moderators’ group in the pool, under the name the API reads from the ID token', () => {
    s.template.resourceCountIs('AWS::Cognito::UserPoolGroup', 1);
    s.template.hasResourceProperties('AWS::Cognito::UserPoolGroup', {
      GroupName: MODERATORS_GROUP,
      UserPoolId: { Ref: logicalId(s.stack.auth.userPool) },
    });
  });

  it('lets users sign themselves up with a verified email and a sound password', () => {
    s.template.hasResourceProperties('AWS::Cognito::UserPool', {
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      VerificationMessageTemplate: Match.objectLike({ DefaultEmailOption: 'CONFIRM_WITH_CODE' }),
      Policies: {
        PasswordPolicy: {
          MinimumLength: 10,
          RequireLowercase: true,
          RequireUppercase: true,
          RequireNumbers: true,
          RequireSymbols: true,
          TemporaryPasswordValidityDays: 3,
        },
      },
      Schema: Match.arrayWith([
        { Name: 'email', Required: true, Mutable: true },
        { Name: 'name', Required: false, Mutable: true },
      ]),
    });
  });

  it('gives the web app a client without secret: SRP (no USER_PASSWORD_AUTH) and OAuth code flows, back to the site only', () => {
    const siteUrl = `https://\${${logicalId(s.stack.site.distribution)}.DomainName}/`;
    const props = propsOf(logicalId(s.stack.auth.client));
    expect(props.GenerateSecret).toBe(false);
    expect(props.ExplicitAuthFlows).toEqual(['ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']);
    expect(props.AllowedOAuthFlows).toEqual(['code']);
    expect(props.AllowedOAuthScopes).toEqual(['openid', 'email', 'profile']);
    expect((props.CallbackURLs as unknown[]).map(render)).toEqual([siteUrl]);
    expect((props.LogoutURLs as unknown[]).map(render)).toEqual([siteUrl]);
    expect(props.SupportedIdentityProviders).toEqual(['COGNITO']);
  });

  it('lets users write their email only: never their name or anything else', () => {
    expect(propsOf(logicalId(s.stack.auth.client)).WriteAttributes).toEqual(['email']);
  });

  it('has a Cognito domain and no Google provider without the Google context', () => {
    s.template.resourceCountIs('AWS::Cognito::UserPoolDomain', 1);
    expect(render(propsOf(logicalId(s.stack.auth.domain)).Domain)).toBe('vaya-dia-dev-${AWS::AccountId}');
    s.template.resourceCountIs('AWS::Cognito::UserPoolIdentityProvider', 0);
  });
});
