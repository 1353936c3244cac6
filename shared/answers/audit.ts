import * as z from 'zod/mini';

// Answer shapes (shared/api-schemas.ts), kept out of shared/schemas/ (see shared/answers/auth.ts).

/** One audit entry: who, when, from where, what (the route), and what it concerned. */
export const auditEntryShape = z.strictObject({
  _id: z.string(),
  at: z.string(),
  by: z.strictObject({ _id: z.string(), username: z.string(), role: z.string() }),
  /** The route: 'PATCH /attendance/{id}' (its words: AUDIT_ACTIONS, shared/schemas/audit.ts). */
  action: z.string(),
  params: z.record(z.string(), z.string()),
  /** The ids of the people and records it named (the path's ids, a correction's students). */
  subjects: z.array(z.string()),
  /** The items it wrote ('pk sk'), at most 50; `moreRecords` counts the rest. */
  records: z.array(z.string()),
  moreRecords: z.optional(z.number()),
  ip: z.optional(z.string()),
  userAgent: z.optional(z.string()),
  requestId: z.string(),
});
export type AuditEntry = z.output<typeof auditEntryShape>;

export const auditAnswerShape = z.strictObject({ entries: z.array(auditEntryShape), more: z.boolean() });
export type AuditAnswer = z.output<typeof auditAnswerShape>;
