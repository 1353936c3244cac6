import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MarkedClassSession } from '@shared/schemas/attendance';
import { DEFAULT_SETTINGS } from '@shared/schemas/settings';
import { mockApi } from './support/fake-api';
import { FACULTY, signedInAs } from './support/fixtures';
import { renderApp } from './support/render-app';

/**
 * The app's dates are the college's (docs/product.md §9), whatever the device's clock says: the marking
 * form shows and sends today in the college's time zone, a setting. At 12:00 UTC it is already
 * the next day in Kiritimati (UTC+14), still the same day in Los Angeles (UTC−8).
 */
const NOON_UTC = new Date('2026-11-26T12:00:00Z');
const URL =
  '/students/d1?extraData=Semester+3+%2F+Data+Structures+%2F+Lecture+%2F+09%3A00+-+10%3A00+%2F+Division+1&termid=t1&semid=s3&courseid=c1&kind=1&slot=slot9';
const MARKED: MarkedClassSession = { _id: 'sess1', version: 1, date: '2026-11-27', groupid: 'd1', present: 1, expected: 1 };

afterEach(() => vi.useRealTimers());

async function markIn(timeZone: string) {
  vi.useFakeTimers({ toFake: ['Date'], now: NOON_UTC });
  const api = mockApi({
    ...signedInAs(FACULTY),
    'GET /settings': { data: { ...DEFAULT_SETTINGS, timeZone } },
    'GET /student/division/d1': { data: [{ batchStudents: { _id: 'st1', name: 'Aarav Patel', enrollment: '25CE001' } }] },
    'POST /attendance': { status: 201, data: MARKED, message: 'Attendance marked successfully' },
  });
  const app = renderApp(URL);
  await screen.findByRole('checkbox', { name: '25CE001 Aarav Patel' });
  return { api, app };
}

describe("the college's today in the marking form", () => {
  it.each([
    ['Pacific/Kiritimati', '2026-11-27'],
    ['America/Los_Angeles', '2026-11-26'],
  ])('in %s shows and marks %s, with no time zone written after it', async (timeZone, date) => {
    const { api, app } = await markIn(timeZone);
    expect(await screen.findByText(date)).toBeInTheDocument();
    expect(screen.queryByText(/UTC/)).not.toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Mark' }));
    await screen.findByRole('heading', { name: 'Attendance Marked Successfully' });
    expect(api.callsTo('POST', '/attendance')[0]!.body).toMatchObject({ date });
  });
});
