export const PRODUCT = 'SAMS';
export const ROLES = ['admin', 'faculty'] as const;
export type Role = (typeof ROLES)[number];

/** Slot kinds: 1 = Lecture (a division), 2 = Lab (a batch). */
export const SLOT_KINDS = { 1: 'Lecture', 2: 'Lab' } as const;

export const MAX_BODY_BYTES = 256 * 1024;

/** CloudFront adds this header to API requests; the API believes x-forwarded-host only beside it. */
export const CLOUDFRONT_ORIGIN_TOKEN_HEADER = 'x-sams-origin-token';
export const SESSION_HOURS = 12;
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_WINDOW_MINUTES = 15;
export const PASSWORD_MIN_LENGTH = 8;
