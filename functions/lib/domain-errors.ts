/**
 * What went wrong, in the domain's words. Repositories and handlers throw these; the one place
 * that turns them into a status is the error middleware of functions/lib/http/resource.ts. The
 * message is the one the user reads.
 */
export class DomainError extends Error {
  override name = 'DomainError';

  /** `data` goes to the client with the message (a 409 carries what stands now). */
  constructor(
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

/** The thing a route names does not exist (404). */
export class NotFound extends DomainError {
  override name = 'NotFound';
}

/** The caller may not do this to this item (403); the message says who may. */
export class Forbidden extends DomainError {
  override name = 'Forbidden';
}

/** A uniqueness rule, or a concurrent change, stands in the way (409). */
export class Conflict extends DomainError {
  override name = 'Conflict';
}

/** The input breaks a rule: a missing field, a reference to nothing, things that do not fit together (400). */
export class Invalid extends DomainError {
  override name = 'Invalid';
}

/** The parent is being deleted, so nothing may be created under it (400, worded like a missing parent). */
export class BeingDeleted extends DomainError {
  override name = 'BeingDeleted';
}

/** A write kept meeting concurrent writes of the same item and gave up (503 with Retry-After: the client tries again). */
export class Busy extends DomainError {
  override name = 'Busy';
}
