/*
 * A guardian contact's relation and how many a student may have, in a module of their own: the
 * guardian schemas (guardians.ts) and the student's answer (shared/answers/structure.ts) both name them.
 */

export const GUARDIAN_RELATIONS = ['Mother', 'Father', 'Guardian', 'Other'] as const;
export type GuardianRelation = (typeof GUARDIAN_RELATIONS)[number];

/** Mother and father, or one guardian and one other contact, is the common case; two also keep a student's item small. */
export const MAX_GUARDIANS = 2;
