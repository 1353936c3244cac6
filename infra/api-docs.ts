import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { API_SCHEMAS, type RouteSchemas } from '@shared/api-schemas';
import { apiRouteKey, ROUTES, type Route } from '@shared/routes';
import { wireFieldName } from '@shared/schemas/wire-names';
import { runWhenMain } from './table-command';

/**
 * docs/api.md's route index, made from the route table and its schemas (`npm run api-docs` writes it;
 * tests/unit/api-docs.test.ts fails while the page differs from the table).
 */
export const API_DOCS = join(import.meta.dirname, '..', 'docs', 'api.md');
const START = '<!-- route index: made by `npm run api-docs` from shared/routes.ts and shared/api-schemas.ts -->';
const END = '<!-- end of route index -->';

const ACCESS: Record<Route['access'], string> = {
  public: 'anyone',
  optional: 'anyone (the user, when signed in)',
  signedIn: 'anyone signed in',
  staff: 'staff (admin, faculty)',
  admin: 'admin',
  ownRecord: 'staff; the student of {id}; their guardian',
  applicant: 'admin; the student of {id}; their guardian',
  student: 'students only (for themselves)',
};

/** The top-level fields of an object schema (one with a default too) by their names on the wire, optional ones marked '?'. */
function fieldsOf(schema: unknown): string {
  const def = (schema as { _zod?: { def: { type: string; innerType?: unknown } } } | undefined)?._zod?.def;
  if (def?.type === 'default') return fieldsOf(def.innerType);
  const shape = (schema as { shape?: Record<string, { _zod: { optin?: string } }> } | undefined)?.shape;
  if (!shape) return '–';
  return Object.entries(shape)
    .map(([name, field]) => `\`${wireFieldName(name)}${field._zod.optin === 'optional' ? '?' : ''}\``)
    .join(', ');
}

function flagsOf(route: Route): string {
  const flags = [
    route.beforePasswordChange && 'before a password change',
    route.offlineRead && 'kept for offline use',
    route.dataChange && "logged as 'data changed'",
    route.refreshes && `refreshes ${route.refreshes.map((prefix) => `\`${prefix}\``).join(', ')}`,
  ];
  return flags.filter(Boolean).join('; ');
}

export function routeIndex(): string {
  const rows = ROUTES.map((route: Route) => {
    const key = apiRouteKey(route);
    const schemas: RouteSchemas = API_SCHEMAS[key];
    return `| \`${key}\` | ${ACCESS[route.access]} | ${fieldsOf(schemas.body)} | ${fieldsOf(schemas.query)} | ${flagsOf(route)} |`;
  });
  return [START, '', '| route | who may call it | body | query | also |', '|---|---|---|---|---|', ...rows, '', END].join('\n');
}

/** The page with its route index replaced by the table's. */
export function withRouteIndex(page: string): string {
  const start = page.indexOf(START);
  const end = page.indexOf(END);
  if (start < 0 || end < start) throw new Error(`docs/api.md has no route index between "${START}" and "${END}"`);
  return page.slice(0, start) + routeIndex() + page.slice(end + END.length);
}

runWhenMain(import.meta.url, async () => {
  writeFileSync(API_DOCS, withRouteIndex(readFileSync(API_DOCS, 'utf8')));
  console.log('docs/api.md: route index written');
  return 0;
});
