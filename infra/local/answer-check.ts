import * as z from 'zod/mini';
import { API_SCHEMAS } from '@shared/api-schemas';
import { apiRouteKey, type Route } from '@shared/routes';
import { wireReviver } from '@shared/schemas/wire-names';

/**
 * The local server checks every successful answer against its route's schema (shared/api-schemas.ts), so the
 * tests and a developer's `npm start` see at once a handler answering what the contract does not allow (a field
 * too many, a field missing, a wrong type). Deployed, the Lambdas answer without this check.
 */
export function answerProblem(route: Pick<Route, 'method' | 'path'>, status: number, body: Buffer): string | null {
  if (status < 200 || status >= 300) return null;
  const key = apiRouteKey(route);
  let answer: { data?: unknown };
  try {
    answer = JSON.parse(body.toString('utf8'), wireReviver) as { data?: unknown };
  } catch {
    return `${key} answered ${status} with a body that is not JSON`;
  }
  const result = z.safeParse(API_SCHEMAS[key].answer, answer.data);
  if (result.success) return null;
  const issues = result.error.issues.map((issue) => `${issue.path.join('.') || 'data'}: ${describe(issue)}`);
  return `${key} answered data its schema refuses: ${issues.slice(0, 5).join('; ')}`;
}

/** zod/mini carries no messages of its own ('Invalid input'): the issue's code and what it names say more. */
function describe(issue: z.core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys') return `fields not in the contract: ${issue.keys.join(', ')}`;
  if (issue.code === 'invalid_type') return `expected ${issue.expected}`;
  if (issue.code === 'invalid_value') return `expected one of ${issue.values.map((value) => JSON.stringify(value)).join(', ')}`;
  return issue.code;
}
