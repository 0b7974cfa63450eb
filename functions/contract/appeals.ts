/**
 * The contract of appeals: a suspended account's say against its suspension, once per suspension, and
 * a moderator's answer (lift it or uphold it, with a reply the author reads in «Avisos»).
 */
import * as z from 'zod/mini';
import { hasContent, postLength } from './common';
import { pageSchema } from './pageSchema';
import { suspensionSchema } from './moderation';

/** The appeal's length in characters (as a `<textarea maxlength>` counts them). */
export const APPEAL_MAX_LENGTH = 500;
/** The moderator's reply's length in characters. */
export const APPEAL_REPLY_MAX_LENGTH = 300;

export const APPEAL_DECISIONS = ['lift', 'uphold'] as const;
export type AppealDecision = (typeof APPEAL_DECISIONS)[number];

/**
 * Control characters (C0 and C1, DEL) but for line breaks and tabs: nothing a person types into a
 * form, and what terminal escapes and log forgeries are made of.
 */
const CONTROL = /(?![\t\n\r])\p{Cc}/u;

/** A text a person wrote: 1–`max` characters, at least one visible, no control characters. */
export function isAppealText(text: string, max: number): boolean {
  return hasContent(text) && postLength(text) <= max && !CONTROL.test(text);
}

/** `POST /me/appeal`: why the suspension should be lifted (stored trimmed). */
export const appealRequestSchema = z.object({
  text: z.string().check(
    z.describe(`1–${APPEAL_MAX_LENGTH} characters, at least one visible, no control characters but line breaks and tabs.`),
    z.refine((text) => isAppealText(text, APPEAL_MAX_LENGTH), { error: 'INVALID_APPEAL' }),
  ),
});
export type AppealRequest = z.infer<typeof appealRequestSchema>;

/** `PUT /moderation/appeals/{id}`: lift the suspension or uphold it, saying why to the author. */
export const appealDecisionSchema = z.object({
  decision: z.enum(APPEAL_DECISIONS),
  reply: z.string().check(
    z.describe(`To the author: 1–${APPEAL_REPLY_MAX_LENGTH} characters, at least one visible, no control characters.`),
    z.refine((reply) => isAppealText(reply, APPEAL_REPLY_MAX_LENGTH)),
  ),
});
export type AppealDecisionRequest = z.infer<typeof appealDecisionSchema>;

/**
 * An appeal: its id (the suspension's own: one appeal per suspension), the author's apodo when they
 * appealed, the suspension appealed, their words, and once decided the decision, the moderator's reply
 * and apodo (all three null while open).
 */
export const appealSchema = z.object({
  id: z.string(),
  name: z.string(),
  suspension: suspensionSchema,
  text: z.string(),
  createdAt: z.string(),
  decision: z.nullable(z.enum(APPEAL_DECISIONS)),
  reply: z.nullable(z.string()),
  decidedBy: z.nullable(z.string()),
});
export type Appeal = z.infer<typeof appealSchema>;
export const appealPageSchema = pageSchema(appealSchema);
export type AppealPage = z.infer<typeof appealPageSchema>;
