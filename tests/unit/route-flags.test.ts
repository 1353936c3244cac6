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

  it('keeps offline only the reads marking and the family Home need, never the login status', () => {
    expect([...OFFLINE_READ_KEYS].sort()).toEqual(
      [
        'GET /api/v1/batch/{divisionid}',
        'GET /api/v1/course/{semid}',
        'GET /api/v1/division/{semid}',
        'GET /api/v1/leave/group/{groupid}',
        'GET /api/v1/report/student/{id}',
        'GET /api/v1/report/student/{id}/standing',
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
    expect(OFFLINE_READ_URL.test('https://sams.example/api/v1/report/student/st1/standing')).toBe(true);
    expect(OFFLINE_READ_URL.test('https://sams.example/api/v1/report/defaulters?semid=s3')).toBe(false);
  });

  it('logs every correction and deletion as a data change, never a read, a new record or one’s own sign-out', () => {
    const logged = ROUTES.filter((route) => 'dataChange' in route);
    const changesOrDeletes = ROUTES.filter((route) => route.method === 'PATCH' || route.method === 'DELETE');
    expect(logged.every((route) => route.method !== 'GET')).toBe(true);
    expect(changesOrDeletes.filter((route) => !('dataChange' in route)).map(routeKey)).toEqual([
      'DELETE /api/v1/auth/sessions/{id}',
      'DELETE /api/v1/auth/sessions',
    ]);
    // The original client's deletes are POSTs, and so are a student's erasure, and a leave's approval and revocation, which
    // correct marked classes.
    expect(logged.filter((route) => route.method === 'POST').map(routeKey)).toEqual([
      'POST /api/v1/batch/delete',
      'POST /api/v1/student/delete',
      'POST /api/v1/student/{id}/erase',
      'POST /api/v1/leave/{id}/decision',
      'POST /api/v1/leave/{id}/revoke',
    ]);
  });

  it('refreshes after writes only, and only reads that exist', () => {
    const reads = ROUTES.filter((route) => route.method === 'GET').map((route) => route.path);
    for (const route of ROUTES.filter((each) => 'refreshes' in each)) {
      expect(route.method).not.toBe('GET');
      for (const prefix of route.refreshes ?? [])
        expect({ route: routeKey(route), prefix, read: reads.some((path) => path.startsWith(prefix)) }).toMatchObject({ read: true });
    }
    // A mark shows on Today at once; a new student shows in the lists and the reports.
    expect(ROUTES.find((route) => routeKey(route) === 'POST /api/v1/attendance')?.refreshes).toContain('/timetable/today');
  });
});
