import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CHECK_IN_SETTINGS_MESSAGES } from '@shared/schemas/check-in-settings';
import { DEFAULT_SETTINGS, SETTINGS_MESSAGES, type CollegeSettings, type SettingsPatch } from '@shared/schemas/settings';
import { loadAdminScreens, main, openAdmin, optionNames } from './support/admin';
import { mockApi } from './support/fake-api';
import { FACULTY, ODD, SEMESTER_3, signedInAs } from './support/fixtures';
import { renderApp } from './support/render-app';

loadAdminScreens();

/** The Settings screen over the college's settings; PATCH answers them with the patch applied. */
async function openSettings(settings: CollegeSettings = DEFAULT_SETTINGS) {
  const opened = await openAdmin('/dashboard/settings', 'Settings', {
    'GET /settings': { data: settings },
    'PATCH /settings': (patch: SettingsPatch) => ({ data: { ...settings, ...patch }, message: SETTINGS_MESSAGES.saved }),
  });
  await screen.findByRole('form', { name: 'Settings' });
  return opened;
}

const field = (label: string) => main().getByLabelText(label) as HTMLInputElement & HTMLSelectElement;
const patches = (api: Awaited<ReturnType<typeof openSettings>>['api']) => api.callsTo('PATCH', '/settings');

describe('admin: Settings', () => {
  it("shows the college's settings in their fields", async () => {
    await openSettings({
      ...DEFAULT_SETTINGS,
      editWindowHours: 24,
      lateCounts: 0.5,
      excusedCounts: 'absent',
      threshold: 80,
      markingPolicy: 'assigned',
    });
    expect(field('Edit window (hours)').value).toBe('24');
    expect(field('A late counts as').value).toBe('0.5');
    expect(field('Excused sessions').value).toBe('absent');
    expect(field('Excused sessions').selectedOptions[0]!.text).toBe('Counted as absent');
    expect(field('Highlight below (%)').value).toBe('80');
    expect(field('Who may mark').value).toBe('assigned');
    expect(field('Who may mark').selectedOptions[0]!.text).toBe('Only the assigned faculty member');
  });

  it("shows the college's time zone, chosen by its IANA name, and saves a new one", async () => {
    const { api, app } = await openSettings();
    expect(field('College time zone').value).toBe('Asia/Kolkata');
    expect(optionNames(field('College time zone'))).toEqual(expect.arrayContaining(['Asia/Kolkata', 'Europe/London', 'America/New York']));
    await app.user.selectOptions(field('College time zone'), 'Europe/London');
    await app.user.click(main().getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByRole('status')).toHaveTextContent(SETTINGS_MESSAGES.saved);
    expect(patches(api).map((call) => call.body)).toEqual([{ timeZone: 'Europe/London' }]);
  });

  it('offers who may mark: any faculty member, or only the assigned one; saves the choice', async () => {
    const { api, app } = await openSettings();
    expect(optionNames(field('Who may mark'))).toEqual(['Any faculty member', 'Only the assigned faculty member']);
    expect(field('Who may mark').value).toBe('any-faculty');
    await app.user.selectOptions(field('Who may mark'), 'Only the assigned faculty member');
    await app.user.click(main().getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByRole('status')).toHaveTextContent(SETTINGS_MESSAGES.saved);
    expect(patches(api).map((call) => call.body)).toEqual([{ markingPolicy: 'assigned' }]);
    expect(field('Who may mark').value).toBe('assigned');
  });

  it('shows how many days back faculty may mark, with its help, validates it, and saves it', async () => {
    const { api, app } = await openSettings({ ...DEFAULT_SETTINGS, markBackDays: 7 });
    expect(field('Days back faculty may mark').value).toBe('7');
    expect(field('Days back faculty may mark')).toHaveAccessibleDescription(
      expect.stringContaining("never before the term's first day. Only admins can mark older dates"),
    );
    await app.user.clear(field('Days back faculty may mark'));
    await app.user.type(field('Days back faculty may mark'), '400');
    await app.user.click(main().getByRole('button', { name: 'Save settings' }));
    expect(field('Days back faculty may mark')).toHaveAccessibleDescription(expect.stringContaining(SETTINGS_MESSAGES.markBackDays));
    expect(patches(api)).toHaveLength(0);

    await app.user.clear(field('Days back faculty may mark'));
    await app.user.type(field('Days back faculty may mark'), '3');
    await app.user.click(main().getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByRole('status')).toHaveTextContent(SETTINGS_MESSAGES.saved);
    expect(patches(api).map((call) => call.body)).toEqual([{ markBackDays: 3 }]);
  });

  it('shows check-in’s rules, validates the networks, and saves them (an empty late time: never late)', async () => {
    const { api, app } = await openSettings({ ...DEFAULT_SETTINGS, checkInLateAfterMinutes: 5, checkInNetworks: ['10.20.0.0/16'] });
    expect(field('Check-in open around a class (minutes)').value).toBe('10');
    expect(field('Late after (minutes)').value).toBe('5');
    expect(field('College networks').value).toBe('10.20.0.0/16');
    await app.user.type(field('College networks'), ', campus-wifi');
    await app.user.click(main().getByRole('button', { name: 'Save settings' }));
    expect(field('College networks')).toHaveAccessibleDescription(expect.stringContaining(CHECK_IN_SETTINGS_MESSAGES.checkInNetworks));
    expect(patches(api)).toHaveLength(0);

    await app.user.clear(field('College networks'));
    await app.user.type(field('College networks'), '10.20.0.0/16, 2001:db8::/48');
    await app.user.clear(field('Late after (minutes)'));
    await app.user.click(main().getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByRole('status')).toHaveTextContent(SETTINGS_MESSAGES.saved);
    expect(patches(api).map((call) => call.body)).toEqual([
      { checkInLateAfterMinutes: null, checkInNetworks: ['10.20.0.0/16', '2001:db8::/48'] },
    ]);
  });

  it('saves the privacy contact the privacy notice shows', async () => {
    const { api, app } = await openSettings();
    await app.user.type(field('Privacy contact'), 'Data Protection Officer, dpo@college.test');
    await app.user.click(main().getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByRole('status')).toHaveTextContent(SETTINGS_MESSAGES.saved);
    expect(patches(api).map((call) => call.body)).toEqual([{ privacyContact: 'Data Protection Officer, dpo@college.test' }]);
  });

  it('saves only what changed, and says so', async () => {
    const { api, app } = await openSettings();
    await app.user.clear(field('Edit window (hours)'));
    await app.user.type(field('Edit window (hours)'), '0');
    await app.user.selectOptions(field('Excused sessions'), 'Counted as absent');
    await app.user.click(main().getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByRole('status')).toHaveTextContent(SETTINGS_MESSAGES.saved);
    expect(patches(api).map((call) => call.body)).toEqual([{ editWindowHours: 0, excusedCounts: 'absent' }]);
    expect(field('Edit window (hours)').value).toBe('0');
  });

  it('validates each field with its own message, focuses the first, and sends nothing', async () => {
    const { api, app } = await openSettings();
    await app.user.clear(field('Edit window (hours)'));
    await app.user.type(field('Edit window (hours)'), '1.5');
    await app.user.clear(field('A late counts as'));
    await app.user.type(field('A late counts as'), '2');
    await app.user.clear(field('Highlight below (%)'));
    await app.user.click(main().getByRole('button', { name: 'Save settings' }));

    expect(field('Edit window (hours)')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Edit window (hours)')).toHaveAccessibleDescription(expect.stringContaining(SETTINGS_MESSAGES.editWindowHours));
    expect(field('A late counts as')).toHaveAccessibleDescription(expect.stringContaining(SETTINGS_MESSAGES.lateCounts));
    expect(field('Highlight below (%)')).toHaveAccessibleDescription(expect.stringContaining(SETTINGS_MESSAGES.threshold));
    expect(field('Excused sessions')).not.toHaveAttribute('aria-invalid');
    expect(field('Edit window (hours)')).toHaveFocus();
    expect(patches(api)).toHaveLength(0);

    // A message goes once its field is changed.
    await app.user.type(field('Highlight below (%)'), '70');
    expect(field('Highlight below (%)')).not.toHaveAttribute('aria-invalid');
  });

  it('with nothing changed, says so and sends nothing', async () => {
    const { api, app } = await openSettings();
    await app.user.click(main().getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SETTINGS_MESSAGES.nothing);
    expect(patches(api)).toHaveLength(0);
  });

  it("shows a refused save's message", async () => {
    const { app } = await openAdmin('/dashboard/settings', 'Settings', {
      'GET /settings': { data: DEFAULT_SETTINGS },
      'PATCH /settings': { status: 400, message: SETTINGS_MESSAGES.threshold },
    });
    await app.user.clear(await main().findByLabelText('Highlight below (%)'));
    await app.user.type(field('Highlight below (%)'), '60');
    await app.user.click(main().getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SETTINGS_MESSAGES.threshold);
  });

  it('is for admins: a faculty member has no Settings link and is sent home', async () => {
    mockApi({ ...signedInAs(FACULTY), 'GET /term/active': { data: [ODD] }, 'GET /semester/t1': { data: [SEMESTER_3] } });
    const app = renderApp('/dashboard/settings');
    await screen.findByRole('heading', { name: 'Mark Attendance' });
    await waitFor(() => expect(app.location().pathname).toBe('/'));
    expect(screen.queryByRole('link', { name: 'Settings' })).not.toBeInTheDocument();
  });
});
