import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ALERT_SETTINGS_MESSAGES } from '@shared/schemas/alert-settings';
import { DEFAULT_SETTINGS, SETTINGS_MESSAGES, type SettingsPatch } from '@shared/schemas/settings';
import { loadAdminScreens, main, openAdmin, optionNames } from './support/admin';

loadAdminScreens();

// The email alerts' part of the Settings screen (docs/product.md §2.9, §10).
async function openSettings() {
  const opened = await openAdmin('/dashboard/settings', 'Settings', {
    'GET /settings': { data: DEFAULT_SETTINGS },
    'PATCH /settings': (patch: SettingsPatch) => ({ data: { ...DEFAULT_SETTINGS, ...patch }, message: SETTINGS_MESSAGES.saved }),
  });
  await screen.findByRole('form', { name: 'Settings' });
  return opened;
}

const field = (label: string) => main().getByLabelText(label) as HTMLInputElement & HTMLSelectElement;
const save = () => main().getByRole('button', { name: 'Save settings' });

describe('admin: Settings, email alerts', () => {
  it('shows each alert on or off with when it is sent, and saves only what changed', async () => {
    const { api, app } = await openSettings();
    expect(main().getByRole('group', { name: 'Email alerts' })).toBeInTheDocument();
    expect(field('College name in emails').value).toBe('Your college');
    expect(field('Classes not marked').value).toBe('true');
    expect(optionNames(field('Classes not marked'))).toEqual(['On', 'Off']);
    expect(field('Remind after the slot ends (minutes)').value).toBe('30');
    expect(field("Admins' daily list at").selectedOptions[0]!.text).toBe('17:00 UTC');
    expect(field('Weekly email on').selectedOptions[0]!.text).toBe('Monday');
    expect(field('Copy to the faculty member').value).toBe('false');
    expect(field('Absences in a row before an email').value).toBe('3');

    await app.user.selectOptions(field('Students under the threshold'), 'Off');
    await app.user.selectOptions(field('Weekly email on'), 'Friday');
    await app.user.clear(field('College name in emails'));
    await app.user.type(field('College name in emails'), 'Demo College');
    await app.user.click(save());

    expect(await screen.findByRole('status')).toHaveTextContent(SETTINGS_MESSAGES.saved);
    expect(api.callsTo('PATCH', '/settings').map((call) => call.body)).toEqual([
      { collegeName: 'Demo College', belowThresholdAlerts: false, belowThresholdWeekday: 5 },
    ]);
  });

  it('refuses a delay or a run length out of range with its message, and sends nothing', async () => {
    const { api, app } = await openSettings();
    await app.user.clear(field('Remind after the slot ends (minutes)'));
    await app.user.type(field('Remind after the slot ends (minutes)'), '1000');
    await app.user.clear(field('Absences in a row before an email'));
    await app.user.type(field('Absences in a row before an email'), '1');
    await app.user.click(save());

    expect(await main().findByText(ALERT_SETTINGS_MESSAGES.notMarkedAfterMinutes)).toBeInTheDocument();
    expect(main().getByText(ALERT_SETTINGS_MESSAGES.absenceStreakLength)).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/settings')).toEqual([]);
  });
});
