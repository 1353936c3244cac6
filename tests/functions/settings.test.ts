import { describe, expect, it } from 'vitest';
import { ALERT_SETTINGS_MESSAGES } from '@shared/schemas/alert-settings';
import { CHECK_IN_SETTINGS_MESSAGES as CHECK_IN } from '@shared/schemas/check-in-settings';
import { PRIVACY_MESSAGES } from '@shared/schemas/privacy';
import { DEFAULT_SETTINGS, SETTINGS_MESSAGES, type CollegeSettings } from '@shared/schemas/settings';
import { attendanceApi } from '@tests/support/attendance';
import { useTestStack } from '@tests/support/stack';

const t = useTestStack('admin', 'faculty');
const api = attendanceApi(t);

async function current(cookie = t.faculty.cookie): Promise<CollegeSettings> {
  const result = await t.stack.api('GET /settings', { cookie });
  expect([result.status, result.body.message]).toEqual([200, 'Settings']);
  return result.body.data;
}

describe('college settings', () => {
  it('answers the defaults before an admin saves any, to any signed-in user', async () => {
    expect(await current()).toEqual({
      ...DEFAULT_SETTINGS,
      editWindowHours: 48,
      lateCounts: 1,
      excusedCounts: 'excluded',
      threshold: 75,
      markingPolicy: 'any-faculty',
      markBackDays: 7,
      sessionIdleMinutes: 120,
    });
    expect(DEFAULT_SETTINGS).toEqual(await current(t.admin.cookie));
    expect((await t.stack.call('GET', '/api/v1/settings')).status).toBe(401);
  });

  it('lets an admin change some settings and keeps the others', async () => {
    const saved = await t.stack.call('PATCH', '/api/v1/settings', { cookie: t.admin.cookie, body: { lateCounts: 0.5, threshold: 80 } });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('Settings saved');
    expect(saved.body.data).toEqual({ ...DEFAULT_SETTINGS, lateCounts: 0.5, threshold: 80 });
    const changed = { editWindowHours: 0, excusedCounts: 'absent', markingPolicy: 'assigned', markBackDays: 0 } as const;
    const all = {
      ...DEFAULT_SETTINGS,
      editWindowHours: 0,
      lateCounts: 0.5,
      excusedCounts: 'absent',
      threshold: 80,
      markingPolicy: 'assigned',
      markBackDays: 0,
    };
    expect(await api.settings(t.admin.cookie, changed)).toEqual(all);
    expect(await current()).toEqual(all);
    await api.settings(t.admin.cookie, DEFAULT_SETTINGS);
  });

  it("keeps the college's time zone, and every alert off until the college is named", async () => {
    expect(DEFAULT_SETTINGS).toMatchObject({
      timeZone: 'Asia/Kolkata',
      collegeName: '',
      notMarkedAlerts: false,
      belowThresholdAlerts: false,
    });
    expect(await api.settings(t.admin.cookie, { timeZone: 'Europe/London' })).toMatchObject({ timeZone: 'Europe/London' });
    const named = { collegeName: 'Govt. College of Engineering', belowThresholdAlerts: true };
    expect(await api.settings(t.admin.cookie, named)).toMatchObject(named);
    // Named, with an alert on: the name cannot then be emptied.
    const unnamed = await t.stack.call('PATCH', '/api/v1/settings', { cookie: t.admin.cookie, body: { collegeName: '' } });
    expect([unnamed.status, unnamed.body.message]).toEqual([400, ALERT_SETTINGS_MESSAGES.nameFirst]);
    expect(await current()).toMatchObject({ ...named, timeZone: 'Europe/London' });
    await api.settings(t.admin.cookie, DEFAULT_SETTINGS);
    expect(await current()).toEqual(DEFAULT_SETTINGS);
  });

  it('shows anyone, signed in or not, the college and its privacy contact once an admin sets them', async () => {
    const before = await t.stack.call('GET', '/api/v1/privacy');
    expect([before.status, before.body.data]).toEqual([200, { collegeName: '', privacyContact: '' }]);
    const contact = 'Data Protection Officer, dpo@college.test, +91 80 1234 5678';
    expect(
      (await t.stack.api('PATCH /settings', { cookie: t.admin.cookie, body: { collegeName: 'Demo College', privacyContact: contact } }))
        .status,
    ).toBe(200);
    const after = await t.stack.call('GET', '/api/v1/privacy');
    expect([after.status, after.body.data, after.body.message]).toEqual([
      200,
      { collegeName: 'Demo College', privacyContact: contact },
      PRIVACY_MESSAGES.read,
    ]);
    await t.stack.api('PATCH /settings', { cookie: t.admin.cookie, body: { collegeName: '', privacyContact: '' } });
  });

  it('refuses faculty (403) and changes nothing', async () => {
    const refused = await t.stack.call('PATCH', '/api/v1/settings', { cookie: t.faculty.cookie, body: { threshold: 10 } });
    expect(refused.status).toBe(403);
    expect(await current()).toEqual(DEFAULT_SETTINGS);
  });

  it.each([
    [{ editWindowHours: -1 }, SETTINGS_MESSAGES.editWindowHours],
    [{ editWindowHours: 1.5 }, SETTINGS_MESSAGES.editWindowHours],
    [{ editWindowHours: '48' }, SETTINGS_MESSAGES.editWindowHours],
    [{ editWindowHours: 8761 }, SETTINGS_MESSAGES.editWindowHours],
    [{ lateCounts: -0.1 }, SETTINGS_MESSAGES.lateCounts],
    [{ lateCounts: 1.01 }, SETTINGS_MESSAGES.lateCounts],
    [{ lateCounts: 'half' }, SETTINGS_MESSAGES.lateCounts],
    [{ excusedCounts: 'ignored' }, SETTINGS_MESSAGES.excusedCounts],
    [{ threshold: 100.5 }, SETTINGS_MESSAGES.threshold],
    [{ threshold: -1 }, SETTINGS_MESSAGES.threshold],
    [{ threshold: null }, SETTINGS_MESSAGES.threshold],
    [{ markingPolicy: 'nobody' }, SETTINGS_MESSAGES.markingPolicy],
    [{ markBackDays: -1 }, SETTINGS_MESSAGES.markBackDays],
    [{ markBackDays: 366 }, SETTINGS_MESSAGES.markBackDays],
    [{ markBackDays: 2.5 }, SETTINGS_MESSAGES.markBackDays],
    [{ markBackDays: '7' }, SETTINGS_MESSAGES.markBackDays],
    [{ threshold: 60, lateCounts: 2 }, SETTINGS_MESSAGES.lateCounts],
    [{ timeZone: 'IST' }, SETTINGS_MESSAGES.timeZone],
    [{ timeZone: '+05:30' }, SETTINGS_MESSAGES.timeZone],
    [{ timeZone: 'Asia/Nowhere' }, SETTINGS_MESSAGES.timeZone],
    [{ timeZone: 330 }, SETTINGS_MESSAGES.timeZone],
    [{ notMarkedAlerts: true }, ALERT_SETTINGS_MESSAGES.nameFirst],
    [{ absenceStreakAlerts: true, collegeName: '   ' }, ALERT_SETTINGS_MESSAGES.nameFirst],
    [{ checkInMarginMinutes: 61 }, CHECK_IN.checkInMarginMinutes],
    [{ checkInMarginMinutes: null }, CHECK_IN.checkInMarginMinutes],
    [{ checkInLateAfterMinutes: -5 }, CHECK_IN.checkInLateAfterMinutes],
    [{ checkInLateAfterMinutes: '10' }, CHECK_IN.checkInLateAfterMinutes],
    [{ checkInNetworks: '10.0.0.0/8' }, CHECK_IN.checkInNetworks],
    [{ checkInNetworks: ['10.0.0.0/33'] }, CHECK_IN.checkInNetworks],
    [{ checkInNetworks: ['10.0.0.256/24'] }, CHECK_IN.checkInNetworks],
    [{ checkInNetworks: ['campus.example.edu'] }, CHECK_IN.checkInNetworks],
    [{ checkInNetworks: ['2001:db8::/129'] }, CHECK_IN.checkInNetworks],
    [{ checkInNetworks: ['10.0.0.0/8/8'] }, CHECK_IN.checkInNetworks],
    [{ checkInNetworks: Array.from({ length: 21 }, (_, n) => `10.${n}.0.0/16`) }, CHECK_IN.checkInNetworks],
    [{ privacyContact: 'x'.repeat(301) }, PRIVACY_MESSAGES.privacyContact],
    [{}, SETTINGS_MESSAGES.nothing],
  ])('answers 400 for %j with that field’s message, and changes nothing', async (patch, message) => {
    const result = await t.stack.call('PATCH', '/api/v1/settings', { cookie: t.admin.cookie, body: patch });
    expect([result.status, result.body.message]).toEqual([400, message]);
    expect(await current()).toEqual(DEFAULT_SETTINGS);
  });

  it('keeps every change when admins save different settings at the same moment', async () => {
    const patches = [{ editWindowHours: 12 }, { lateCounts: 0.25 }, { threshold: 60 }];
    const results = await Promise.all(patches.map((body) => t.stack.call('PATCH', '/api/v1/settings', { cookie: t.admin.cookie, body })));
    expect(results.map((result) => result.status)).toEqual([200, 200, 200]);
    expect(await current()).toEqual({ ...DEFAULT_SETTINGS, editWindowHours: 12, lateCounts: 0.25, threshold: 60 });
  });
});
