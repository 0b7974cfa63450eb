import type { ErrorCode } from '../contract/errors';

/**
 * A failure the client caused or should know about. Each subclass names its contract error code;
 * `toErrorResponse` in the HTTP layer is the one place that turns it into a status and body.
 */
export class DomainError extends Error {
  constructor(readonly code: ErrorCode) {
    super(code);
    this.name = new.target.name;
  }
}

export class ValidationError extends DomainError {}

export class UnauthorizedError extends DomainError {
  constructor() {
    super('UNAUTHORIZED');
  }
}

export class PostNotFoundError extends DomainError {
  constructor() {
    super('POST_NOT_FOUND');
  }
}

export class NoPostsError extends DomainError {
  constructor() {
    super('NO_POSTS');
  }
}

export class RateLimitedError extends DomainError {
  constructor() {
    super('RATE_LIMITED');
  }
}

export class TooManyRenamesError extends DomainError {
  constructor() {
    super('TOO_MANY_RENAMES');
  }
}

export class TooManyChangesError extends DomainError {
  constructor() {
    super('TOO_MANY_CHANGES');
  }
}

export class PayloadTooLargeError extends DomainError {
  constructor() {
    super('PAYLOAD_TOO_LARGE');
  }
}

/** The caller may not do this (not the author, not a moderator). */
export class ForbiddenError extends DomainError {
  constructor() {
    super('FORBIDDEN');
  }
}

/** Authors do not vote on their own posts. */
export class OwnCommentError extends DomainError {
  constructor() {
    super('OWN_COMMENT');
  }
}

export class OwnPostError extends DomainError {
  constructor() {
    super('OWN_POST');
  }
}

export class AlreadyVotedError extends DomainError {
  constructor() {
    super('ALREADY_VOTED');
  }
}

export class AlreadyReportedError extends DomainError {
  constructor() {
    super('ALREADY_REPORTED');
  }
}

export class QueueEmptyError extends DomainError {
  constructor() {
    super('QUEUE_EMPTY');
  }
}

export class CommentNotFoundError extends DomainError {
  constructor() {
    super('COMMENT_NOT_FOUND');
  }
}

/** Only a rejected post may be edited and sent back (`PUT /posts/{id}`). */
export class NotEditableError extends DomainError {
  constructor() {
    super('NOT_EDITABLE');
  }
}

/** A post is edited and sent back once at most. */
export class AlreadyResentError extends DomainError {
  constructor() {
    super('ALREADY_RESENT');
  }
}

/** The text repeats a published, hidden or pending post once written the same way (domain/fingerprint.ts). */
export class DuplicatePostError extends DomainError {
  constructor() {
    super('DUPLICATE_POST');
  }
}
