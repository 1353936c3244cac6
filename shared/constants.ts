import type { ClassKind } from './schemas/wire-names';

export const PRODUCT = 'SAMS';
/** Who signs in: staff (admins and faculty) keep and mark attendance; a student sees their own record, a guardian their linked children's. */
export const ROLES = ['admin', 'faculty', 'student', 'guardian'] as const;
export type Role = (typeof ROLES)[number];
/** The roles with a password and the staff screens: the only roles an admin creates as users. */
export const STAFF_ROLES = ['admin', 'faculty'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const isStaff = (role: Role): role is StaffRole => role === 'admin' || role === 'faculty';

/** What a class kind is called on the screens, in messages, emails, PDFs and CSVs: a lecture (of a division) or a lab (of a batch). */
export const CLASS_KIND_LABELS: Readonly<Record<ClassKind, 'Lecture' | 'Lab'>> = { lecture: 'Lecture', lab: 'Lab' };

export const MAX_BODY_BYTES = 256 * 1024;

/** CloudFront adds this header to API requests; the API believes x-forwarded-host only beside it. */
export const CLOUDFRONT_ORIGIN_TOKEN_HEADER = 'x-sams-origin-token';
export const SESSION_HOURS = 12;
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_WINDOW_MINUTES = 15;
export const PASSWORD_MIN_LENGTH = 8;
