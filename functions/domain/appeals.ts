/**
 * Appeals (docs/api.md): a suspended account's say against its suspension. It writes once per
 * suspension (the appeal's id is the suspension's, so a second one cannot be stored); moderators read
 * the open ones, oldest first, and lift the suspension or uphold it with a reply. The answer is one
 * transaction: the appeal decided (only while open, so of two moderators at once exactly one wins),
 * its moderation log entry, the author's `appeal.decided` notification (pushed by the notifications
 * stream like any other) and, for a lift, the very writes of a moderator's lift.
 */
import * as z from 'zod/mini';
import { ANONYMOUS_NAME } from '../contract/accounts';
import { appealDecisionSchema, appealRequestSchema, type Appeal, type AppealDecisionRequest, type AppealPage } from '../contract/appeals';
import { forgetAccountState, isSuspended } from './accountState';
import type { Caller, SignedIn } from './author';
import { timeOf } from './clock';
import { pageAnswer, resumeAfter, type PageParams } from './cursor';
import { DomainError, ForbiddenError, ValidationError } from './errors';
import { isPostId, parseLimit, parseRequest, untilSettled } from './input';
import { logEntry } from './moderationLog';
import { notificationKey } from './notifications';
import type { AppealStore, StoredAppeal } from './ports/appeals';
import type { SuspensionStore } from './ports/moderation';
import type { StoredNotification } from './ports/notifications';
import { publicAppeal } from './appealView';
import { publicSuspension } from './suspensions';

export class AlreadyAppealedError extends DomainError {
  constructor() {
    super('ALREADY_APPEALED');
  }
}

export class NotSuspendedError extends DomainError {
  constructor() {
    super('NOT_SUSPENDED');
  }
}

export class AppealNotFoundError extends DomainError {
  constructor() {
    super('APPEAL_NOT_FOUND');
  }
}

export class AlreadyDecidedError extends DomainError {
  constructor() {
    super('ALREADY_DECIDED');
  }
}

export type AppealDeps = {
  appeals: Pick<AppealStore, 'create'>;
  suspensions: Pick<SuspensionStore, 'get'>;
  now?: () => Date;
};

/**
 * `POST /me/appeal { text }`: the caller appeals the suspension in force (the one its account row
 * names). NOT_SUSPENDED without one (ended, lifted or never); ALREADY_APPEALED when it was appealed,
 * so twenty at once store one. The one write a suspended account may make besides removing its own.
 */
export async function appealSuspension(deps: AppealDeps, caller: SignedIn, body: unknown): Promise<Appeal> {
  const { text } = parseAppeal(body);
  const now = timeOf(deps);
  const { row } = caller;
  if (!isSuspended(row, now) || row.suspensionId === undefined) throw new NotSuspendedError();
  const suspension = await deps.suspensions.get(row.suspensionId);
  if (!suspension || suspension.liftedAt !== undefined || suspension.until <= now.toISOString()) throw new NotSuspendedError();
  const appeal: StoredAppeal = {
    id: suspension.id,
    accountId: caller.id,
    name: row.name?.name ?? ANONYMOUS_NAME,
    suspension: publicSuspension(suspension),
    text: text.trim(),
    createdAt: now.toISOString(),
    decision: null,
    reply: null,
    decidedBy: null,
  };
  if (!(await deps.appeals.create(appeal))) throw new AlreadyAppealedError();
  return publicAppeal(appeal);
}

/** The body of `POST /me/appeal`: INVALID_APPEAL for a text out of bounds, INVALID_REQUEST for any other shape. */
function parseAppeal(body: unknown): { text: string } {
  const { text } = parseRequest(z.object({ text: z.string() }), body);
  if (!z.safeParse(appealRequestSchema, { text }).success) throw new ValidationError('INVALID_APPEAL');
  return { text };
}

export type OpenAppealsDeps = { appeals: Pick<AppealStore, 'open'> };

/** `GET /moderation/appeals`: the open appeals, oldest first (moderators only; one Query a page). */
export async function listOpenAppeals(deps: OpenAppealsDeps, caller: Caller, params: PageParams): Promise<AppealPage> {
  if (!caller.moderator) throw new ForbiddenError();
  return pageAnswer(await deps.appeals.open(parseLimit(params.limit), resumeAfter(params)), publicAppeal);
}

export type DecideAppealDeps = {
  appeals: Pick<AppealStore, 'get' | 'decide'>;
  suspensions: Pick<SuspensionStore, 'get'>;
  now?: () => Date;
};

/**
 * `PUT /moderation/appeals/{id} { decision, reply }` (moderators only). `lift` ends the suspension when
 * it is still in force (one ended or lifted meanwhile is only answered); `uphold` keeps it. Either way
 * the author is told, with the reply, and the log records `appeal.lift` or `appeal.uphold` with the
 * reply as its reason. APPEAL_NOT_FOUND for an unknown id; ALREADY_DECIDED once answered.
 */
export async function decideAppeal(deps: DecideAppealDeps, caller: SignedIn, id: string | undefined, body: unknown): Promise<Appeal> {
  if (!caller.moderator) throw new ForbiddenError();
  const request: AppealDecisionRequest = parseRequest(appealDecisionSchema, body);
  if (!isPostId(id)) throw new AppealNotFoundError();
  const reply = request.reply.trim();
  return untilSettled(async () => {
    const appeal = await deps.appeals.get(id);
    if (!appeal) throw new AppealNotFoundError();
    if (appeal.decision !== null) throw new AlreadyDecidedError();
    const now = timeOf(deps);
    const suspension = request.decision === 'lift' ? await deps.suspensions.get(appeal.suspension.id) : undefined;
    const inForce = suspension !== undefined && suspension.liftedAt === undefined && suspension.until > now.toISOString();
    const log = logEntry(caller, `appeal.${request.decision}`, { type: 'account', id: appeal.suspension.id }, reply, now);
    const decided: StoredAppeal = {
      ...appeal,
      decision: request.decision,
      reply,
      decidedBy: log.by,
      decidedById: caller.id,
      decidedAt: log.at,
    };
    const notification: StoredNotification = {
      accountId: appeal.accountId,
      key: notificationKey.appeal(appeal.id),
      type: 'appeal.decided',
      postId: '',
      createdAt: log.at,
      read: false,
      version: 1,
      decision: request.decision,
      reply,
    };
    const outcome = await deps.appeals.decide({ decided, log, notification, ...(inForce ? { lift: suspension } : {}) });
    if (outcome === 'already') throw new AlreadyDecidedError();
    if (outcome === 'conflict') return undefined;
    // As a moderator's lift: this container stops trusting what it knew of the account.
    if (inForce) forgetAccountState(appeal.accountId);
    return publicAppeal(decided);
  });
}
