/**
 * The Amplify v6 implementation of AuthService. Loaded with a dynamic import so Amplify is not part
 * of the first script a visitor downloads.
 */
import { Amplify } from 'aws-amplify';
// Completes a Google redirect on whatever page it lands, even though this module loads lazily.
import 'aws-amplify/auth/enable-oauth-listener';
import {
  confirmResetPassword,
  confirmSignUp,
  fetchAuthSession,
  getCurrentUser,
  resendSignUpCode,
  resetPassword,
  signIn,
  signInWithRedirect,
  signOut,
  signUp,
  updatePassword,
} from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import { type RuntimeConfig } from '@contract/documents';
import { MODERATORS_GROUP } from '@contract/moderation';
import { authErrorMessage } from './errors';
import { GOOGLE_UNAVAILABLE_MESSAGE } from './messages';
import type { AuthService, AuthUser, SignInOutcome } from './types';

/** Configures Amplify from /config.json and returns the service the site uses. */
export function createCognitoAuth(config: RuntimeConfig, origin = window.location.origin): AuthService {
  const redirect = [`${origin}/`];
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
        loginWith: {
          email: true,
          ...(config.oauthDomain
            ? {
                oauth: {
                  domain: config.oauthDomain,
                  scopes: ['openid', 'email', 'profile'],
                  redirectSignIn: redirect,
                  redirectSignOut: redirect,
                  responseType: 'code' as const,
                  providers: ['Google' as const],
                },
              }
            : {}),
        },
      },
    },
  });
  // Locally cognito-local has no SRP; on AWS SRP keeps the password off the wire.
  const authFlowType = config.authFlowType ?? 'USER_SRP_AUTH';

  async function currentUser(): Promise<AuthUser | null> {
    let username: string;
    try {
      ({ username } = await getCurrentUser());
    } catch {
      return null;
    }
    // The ID token says whether the user moderates (`cognito:groups`); the API checks it again.
    const session = await fetchAuthSession().catch(() => null);
    const claims = session?.tokens?.idToken?.payload;
    const groups = claims?.['cognito:groups'];
    const moderator = Array.isArray(groups) && groups.includes(MODERATORS_GROUP);
    // The public name (the apodo) is the API's (`GET /me`), never a Cognito attribute.
    const email = typeof claims?.email === 'string' ? claims.email : '';
    return { displayName: email || username, moderator };
  }

  async function passwordSignIn(email: string, password: string): Promise<SignInOutcome> {
    const result = await signIn({ username: email.trim(), password, options: { authFlowType } });
    if (result.isSignedIn) return 'done';
    if (result.nextStep.signInStep === 'CONFIRM_SIGN_UP') return 'confirmSignUp';
    throw new Error('Este tipo de inicio de sesión no está disponible en la web. Inténtalo de nuevo.');
  }

  return {
    currentUser,
    signIn: passwordSignIn,
    async signUp({ email, password }) {
      // Only the email: the deployed app client may write no other attribute (infra/constructs/auth.ts).
      const result = await signUp({ username: email.trim(), password, options: { userAttributes: { email: email.trim() } } });
      return result.nextStep.signUpStep === 'CONFIRM_SIGN_UP' ? 'confirmSignUp' : 'done';
    },
    async confirmSignUp(email, code) {
      await confirmSignUp({ username: email.trim(), confirmationCode: code.trim() });
    },
    async resendSignUpCode(email) {
      await resendSignUpCode({ username: email.trim() });
    },
    async resetPassword(email) {
      await resetPassword({ username: email.trim() });
    },
    async confirmResetPassword(email, code, newPassword) {
      await confirmResetPassword({ username: email.trim(), confirmationCode: code.trim(), newPassword });
    },
    async changePassword(currentPassword, newPassword) {
      await updatePassword({ oldPassword: currentPassword, newPassword });
    },
    async signOut() {
      await signOut();
    },
    googleAvailable: Boolean(config.oauthDomain),
    async signInWithGoogle(returnTo) {
      if (!config.oauthDomain) throw new Error(GOOGLE_UNAVAILABLE_MESSAGE);
      // Amplify carries customState through Cognito in the OAuth state and gives it back (customOAuthState).
      await signInWithRedirect({ provider: 'Google', ...(returnTo ? { customState: returnTo } : {}) });
    },
    async getIdToken() {
      try {
        const session = await fetchAuthSession();
        return session.tokens?.idToken?.toString() ?? null;
      } catch {
        return null;
      }
    },
    onChange(listener) {
      return Hub.listen('auth', ({ payload }) => {
        switch (payload.event) {
          case 'signedIn':
          case 'signInWithRedirect':
          case 'signedOut':
          case 'tokenRefresh_failure':
            listener({ type: 'changed' });
            break;
          case 'customOAuthState':
            if (typeof payload.data === 'string') listener({ type: 'returnTo', path: payload.data });
            break;
          case 'signInWithRedirect_failure':
            listener({ type: 'error', message: authErrorMessage(payload.data?.error) });
            break;
          default:
            break;
        }
      });
    },
  };
}
