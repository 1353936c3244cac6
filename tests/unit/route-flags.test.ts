import { describe, expect, it } from 'vitest';
import { OFFLINE_READ_KEYS, OFFLINE_READ_URL } from '@shared/offline-reads';
import { ROUTES, routeKey } from '@shared/routes';

/** What the route table's flags say of its rows (shared/routes.ts): the facts about a route sit on its row. */
describe('the route table’s flags', () => {
  it('opens only the status, the password change and logout to a one-time password', () => {
    expect(ROUTES.filter((route) => 'beforePasswordChange' in route).map(routeKey)).toEqual([
      'GET /api/v1/auth/currentstatus',
      'POST /api/v1/auth/logout',
      'POST /api/v1/auth/password',
    ]);
  });

  it('keeps offline only the reads marking needs, never the login status', () => {
    expect([...OFFLINE_READ_KEYS].sort()).toEqual(
      [
        'GET /api/v1/batch/{divisionid}',
        'GET /api/v1/course/{semid}',
        'GET /api/v1/division/{semid}',
        'GET /api/v1/semester/{termid}',
        'GET /api/v1/settings',
        'GET /api/v1/slot/{termid}',
        'GET /api/v1/student/division/{divisionid}',
        'GET /api/v1/student/{batchid}',
        'GET /api/v1/term/active',
        'GET /api/v1/timetable',
        'GET /api/v1/timetable/today',
      ].sort(),
    );
    expect(ROUTES.filter((route) => 'offlineRead' in route).every((route) => route.method === 'GET')).toBe(true);
    expect(OFFLINE_READ_URL.test('https://sams.example/api/v1/timetable/today?date=2026-11-26')).toBe(true);
    expect(OFFLINE_READ_URL.test('https://sams.example/api/v1/auth/currentstatus')).toBe(false);
    expect(OFFLINE_READ_URL.test('https://sams.example/api/v1/student/b1/extra')).toBe(false);
  });
});
