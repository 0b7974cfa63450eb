/** The signed-in person as the header shows them; `moderator` when in the `moderadores` group. */
export type AuthUser = { displayName: string; moderator?: boolean };

export type AuthState = { status: 'loading' } | { status: 'signedOut' } | { status: 'signedIn'; user: AuthUser };

/** What a sign-in attempt needs next. */
export type SignInOutcome = 'done' | 'confirmSignUp';

/**
 * Everything the site asks of the identity service. The Amplify implementation (./cognito.ts) is
 * loaded after the first paint; tests pass a fake.
 */
export type AuthService = {
  currentUser(): Promise<AuthUser | null>;
  signIn(email: string, password: string): Promise<SignInOutcome>;
  /** Creates the account with its email only (the apodo goes to the API afterwards). */
  signUp(input: { email: string; password: string }): Promise<SignInOutcome>;
  confirmSignUp(email: string, code: string): Promise<void>;
  resendSignUpCode(email: string): Promise<void>;
  /** «¿Olvidaste tu contraseña?»: sends a code to the email (printed by the local cloud). */
  resetPassword(email: string): Promise<void>;
  /** Sets the new password with that code (the pool's password rules apply). */
  confirmResetPassword(email: string, code: string, newPassword: string): Promise<void>;
  /** «Cambiar contraseña»: the current password, then the new one (the pool's password rules apply). */
  changePassword(currentPassword: string, newPassword: string): Promise<void>;
  signOut(): Promise<void>;
  /**
   * Redirects to Google; rejects with a Spanish message when the server has no Google sign-in.
   * `returnTo` comes back, once signed in, as a `returnTo` event.
   */
  signInWithGoogle(returnTo?: string): Promise<void>;
  readonly googleAvailable: boolean;
  getIdToken(): Promise<string | null>;
  /** Calls back on every sign-in, sign-out or failed Google redirect; returns the unsubscribe function. */
  onChange(listener: (event: AuthEvent) => void): () => void;
};

export type AuthEvent =
  | { type: 'changed' }
  | { type: 'error'; message: string }
  /** A Google sign-in came back with the page it started from (not yet checked: lib/nextPath.ts does). */
  | { type: 'returnTo'; path: string };
