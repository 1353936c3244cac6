import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ALERT_SETTINGS_MESSAGES, alertsNeedName } from '@shared/schemas/alert-settings';
import { DEFAULT_SETTINGS, SETTINGS_MESSAGES, type SettingsPatch } from '@shared/schemas/settings';
import { loadAdminScreens, main, openAdmin, optionNames } from './support/admin';

loadAdminScreens();

// The email alerts' part of the Settings screen (docs/product.md §2.9, §10): hours in college time,
// every alert off and the college unnamed until an admin sets them.
async function openSettings() {
  const opened = await openAdmin('/dashboard/settings', 'Settings', {
    'GET /settings': { data: DEFAULT_SETTINGS },
    // As the server does: no alert on while the college has no name.
    'PATCH /settings': (patch: SettingsPatch) => {
      const next = { ...DEFAULT_SETTINGS, ...patch };
      return alertsNeedName(next)
        ? { data: next, message: SETTINGS_MESSAGES.saved }
        : { status: 400, message: ALERT_SETTINGS_MESSAGES.nameFirst };
    },
  });
  await screen.findByRole('form', { name: 'Settings' });
  return opened;
}

const field = (label: string) => main().getByLabelText(label) as HTMLInputElement & HTMLSelectElement;
const save = () => main().getByRole('button', { name: 'Save settings' });

describe('admin: Settings, email alerts', () => {
  it('shows each alert off, its hours in college time, and saves only what changed', async () => {
    const { api, app } = await openSettings();
    expect(main().getByRole('group', { name: 'Email alerts' })).toBeInTheDocument();
    expect(field('College name in emails').value).toBe('');
    expect(field('Classes not marked').value).toBe('false');
    expect(optionNames(field('Classes not marked'))).toEqual(['On', 'Off']);
    expect(field('Classes not marked')).toHaveAccessibleDescription(/after the class's slot ends \(its end time\)/);
    expect(field('Remind after the slot ends (minutes)').value).toBe('30');
    expect(field("Admins' daily list at").selectedOptions[0]!.text).toBe('17:00');
    expect(field("Admins' daily list at")).toHaveAccessibleDescription('College time (Asia/Kolkata).');
    expect(field('Weekly email on').selectedOptions[0]!.text).toBe('Monday');
    expect(field('Weekly email at').selectedOptions[0]!.text).toBe('08:00');
    expect(field('Weekly email at')).toHaveAccessibleDescription('College time (Asia/Kolkata).');
    expect(field('Sessions held before a first email').value).toBe('5');
    expect(field('Copy to the faculty member').value).toBe('false');
    expect(field('Absences in a row before an email').value).toBe('3');
    expect(main().queryByText(/UTC/)).toBeNull();

    await app.user.type(field('College name in emails'), 'Demo College');
    await app.user.selectOptions(field('Students under the threshold'), 'On');
    await app.user.selectOptions(field('Weekly email on'), 'Friday');
    await app.user.clear(field('Sessions held before a first email'));
    await app.user.type(field('Sessions held before a first email'), '3');
    await app.user.click(save());

    expect(await screen.findByRole('status')).toHaveTextContent(SETTINGS_MESSAGES.saved);
    expect(api.callsTo('PATCH', '/settings').map((call) => call.body)).toEqual([
      { collegeName: 'Demo College', belowThresholdAlerts: true, belowThresholdWeekday: 5, belowThresholdMinSessions: 3 },
    ]);
  });

  it("shows the server's message when an alert is turned on before the college is named", async () => {
    const { api, app } = await openSettings();
    await app.user.selectOptions(field('Classes not marked'), 'On');
    await app.user.click(save());
    expect(await screen.findByRole('alert')).toHaveTextContent(ALERT_SETTINGS_MESSAGES.nameFirst);
    expect(api.callsTo('PATCH', '/settings').map((call) => call.body)).toEqual([{ notMarkedAlerts: true }]);
    expect(field('Classes not marked').value).toBe('true');
  });

  it('refuses a delay, a session count or a run length out of range with its message, and sends nothing', async () => {
    const { api, app } = await openSettings();
    await app.user.clear(field('Remind after the slot ends (minutes)'));
    await app.user.type(field('Remind after the slot ends (minutes)'), '1000');
    await app.user.clear(field('Sessions held before a first email'));
    await app.user.type(field('Sessions held before a first email'), '0');
    await app.user.clear(field('Absences in a row before an email'));
    await app.user.type(field('Absences in a row before an email'), '1');
    await app.user.click(save());

    expect(await main().findByText(ALERT_SETTINGS_MESSAGES.notMarkedAfterMinutes)).toBeInTheDocument();
    expect(main().getByText(ALERT_SETTINGS_MESSAGES.belowThresholdMinSessions)).toBeInTheDocument();
    expect(main().getByText(ALERT_SETTINGS_MESSAGES.absenceStreakLength)).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/settings')).toEqual([]);
  });
});
