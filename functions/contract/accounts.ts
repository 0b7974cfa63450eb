/** The contract of accounts: the apodo (public name), the caller's own account, the password policy. */
import * as z from 'zod/mini';
import { appealSchema } from './appeals';
export { NAME_MIN_LENGTH, NAME_MAX_LENGTH, ANONYMOUS_NAME, signatureOf, PERMANENT_SUSPENSION } from './accountRules';

/** Claims of an apodo one account may make in an hour (the first one included; TOO_MANY_RENAMES past it). */
export const RENAME_RATE_LIMIT = { count: 5, windowMs: 60 * 60 * 1000 } as const;

/** `PUT /me/name`. */
export const setNameSchema = z.object({ name: z.string() });

/**
 * `GET /me`: the caller's apodo (null until they choose one), their email (only ever sent to them), role, and
 * when a suspension in force ends (ISO time; {@link PERMANENT_SUSPENSION} for good; null when none) and
 * the moderator's reason for it (null when none), and how many of their notifications are unread (at
 * most 10: the bell shows «9+» past nine).
 */
export const meSchema = z.object({
  name: z.nullable(z.string()),
  email: z.string(),
  moderator: z.boolean(),
  suspendedUntil: z.nullable(z.string()),
  /** The reason the moderator gave for the suspension in force (plain text, 1–300 characters); null when not suspended. */
  suspensionReason: z.nullable(z.string()),
  /** Unread notifications, counted up to UNREAD_COUNT_CAP (functions/contract/notifications.ts). */
  unreadNotifications: z.number(),
  /**
   * The caller's appeal against the suspension in force, open or upheld; null when not suspended or not
   * appealed. A lifted suspension's appeal is told in «Avisos» (`appeal.decided`), not here.
   */
  appeal: z.nullable(appealSchema),
});

export type Me = z.infer<typeof meSchema>;

/** What `PUT /me/name` answers: the apodo as it was stored (see {@link checkName}). */
export const nameResultSchema = z.object({ name: z.string() });
export type NameResult = z.infer<typeof nameResultSchema>;

/**
 * The user pool's password policy (cdk-nag AwsSolutions-COG1 asks for length, upper case, digits and
 * symbols). The stack applies it; the register form checks it first, so people get the same Spanish
 * explanation locally (cognito-local does not enforce policies) and on AWS.
 */
export const PASSWORD_POLICY = {
  minLength: 10,
  requireLowercase: true,
  requireUppercase: true,
  requireDigits: true,
  requireSymbols: true,
} as const;

/** The special characters Cognito counts as symbols (its documented list; a space is one too). */
const COGNITO_SYMBOLS = /[\^$*.[\]{}()?"!@#%&/\\,><':;|_~`=+\- ]/;

/**
 * What a password still lacks under PASSWORD_POLICY, in Spanish; empty when it is acceptable.
 * Classes are Cognito's: basic Latin letters and its own symbol list, so «ñ» or «¡» do not count.
 */
export function passwordProblems(password: string): string[] {
  const problems: string[] = [];
  if (password.length < PASSWORD_POLICY.minLength) problems.push(`al menos ${PASSWORD_POLICY.minLength} caracteres`);
  if (PASSWORD_POLICY.requireLowercase && !/[a-z]/.test(password)) problems.push('una minúscula');
  if (PASSWORD_POLICY.requireUppercase && !/[A-Z]/.test(password)) problems.push('una mayúscula');
  if (PASSWORD_POLICY.requireDigits && !/[0-9]/.test(password)) problems.push('un número');
  if (PASSWORD_POLICY.requireSymbols && !COGNITO_SYMBOLS.test(password.trim())) problems.push('un símbolo (por ejemplo - _ ! ? #)');
  return problems;
}
