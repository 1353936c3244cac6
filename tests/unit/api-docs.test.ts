import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_DOCS, routeIndex, withRouteIndex } from '@infra/api-docs';
import { ROUTES } from '@shared/routes';

describe('docs/api.md', () => {
  const page = readFileSync(API_DOCS, 'utf8');

  it('holds the route index made from the route table (npm run api-docs writes it)', () => {
    expect(withRouteIndex(page)).toBe(page);
  });

  it('lists every route once, with its body fields', () => {
    const index = routeIndex();
    for (const route of ROUTES) expect(index.split(`| \`${route.method} ${route.path}\` |`)).toHaveLength(2);
    expect(index).toContain('| `POST /slot` | admin | `name`, `termid`, `start`, `end` |');
    expect(index).toContain('| `GET /timetable/today` | staff (admin, faculty) | – | `date?` |');
  });
});
