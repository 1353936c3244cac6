import type { APIResponse } from 'playwright-core';
import { toWire, wireReviver } from '@shared/schemas/wire-names';

/*
 * The tests call the API as the web app does (web/src/lib/api-client.ts): a body goes out with the wire's
 * names and an answer comes in with the app's (shared/schemas/wire-names.ts), which the shared types describe.
 */

/** A request body with the wire's names (slotcount 1 | 2, presentStudentData). */
export const wireBody = (body: unknown): unknown => toWire(body);

/** An answer's JSON with the app's names (classKind 'lecture' | 'lab', presentStudentIds). */
export async function answerJson<T>(response: APIResponse): Promise<T> {
  return JSON.parse(await response.text(), wireReviver) as T;
}
