import * as z from 'zod/mini';

// Answer shapes (shared/api-schemas.ts), kept out of shared/schemas/: the Lambdas load those, and zod schemas
// built at load time cannot be tree-shaken, so each Lambda would carry every answer.

/** The college's sign-out after inactivity, in minutes (shared/schemas/session-settings.ts: its bounds and default). */
export const loginSessionSettingsShape = z.strictObject({ sessionIdleMinutes: z.number() });
export type LoginSessionSettings = z.output<typeof loginSessionSettingsShape>;
