import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LEAVE_SETTINGS_MESSAGES } from '@shared/schemas/leave-settings';
import { DEFAULT_SETTINGS, SETTINGS_MESSAGES, type CollegeSettings, type SettingsPatch } from '@shared/schemas/settings';
import { loadAdminScreens, main, openAdmin } from './support/admin';

/*
 * The leave rules on the Settings screen (docs/product.md §2.17): the kinds of leave (name, how their classes
 * count, the longest leave, when a certificate is needed, or never), added and removed, and how far back
 * leave may start; saved with the other settings, only what changed.
 */

loadAdminScreens();

async function openSettings(settings: CollegeSettings = DEFAULT_SETTINGS) {
  const opened = await openAdmin('/dashboard/settings', 'Settings', {
    'GET /settings': { data: settings },
    'PATCH /settings': (patch: SettingsPatch) => ({ data: { ...settings, ...patch }, message: SETTINGS_MESSAGES.saved }),
  });
  await screen.findByRole('form', { name: 'Settings' });
  return opened;
}

const kind = (name: string) => within(main().getByRole('group', { name }));
const value = (group: ReturnType<typeof kind>, label: string) => (group.getByLabelText(label) as HTMLInputElement).value;
const save = (app: Awaited<ReturnType<typeof openSettings>>['app']) =>
  app.user.click(main().getByRole('button', { name: 'Save settings' }));

describe('Settings: leave applications', () => {
  it('shows each kind of leave with its rules, and how far back leave may start', async () => {
    await openSettings();
    expect(
      within(main().getByRole('group', { name: 'Leave applications' }))
        .getAllByRole('group')
        .map((group) => group.querySelector('legend')!.textContent),
    ).toEqual(DEFAULT_SETTINGS.leaveKinds.map((one) => one.name));
    const medical = kind('Medical');
    expect(value(medical, 'Name')).toBe('Medical');
    expect(value(medical, 'Its classes count as')).toBe('excused');
    expect(value(medical, 'Longest leave (days)')).toBe('15');
    expect(value(medical, 'Certificate needed over (days)')).toBe('2');
    // Never needed: the field is empty, and its help says so.
    expect(value(kind('Personal'), 'Certificate needed over (days)')).toBe('');
    expect(kind('Personal').getByLabelText('Certificate needed over (days)')).toHaveAccessibleDescription(
      '0: always needed. Leave empty: never needed.',
    );
    expect((main().getByLabelText('Leave may start up to (days back)') as HTMLInputElement).value).toBe(
      String(DEFAULT_SETTINGS.leaveBackDays),
    );
  });

  it('adds, changes and removes kinds, and saves the list with the back days', async () => {
    const { api, app } = await openSettings();
    await app.user.click(main().getByRole('button', { name: 'Remove On duty' }));
    await app.user.clear(kind('Personal').getByLabelText('Longest leave (days)'));
    await app.user.type(kind('Personal').getByLabelText('Longest leave (days)'), '3');
    await app.user.click(main().getByRole('button', { name: 'Add a kind of leave' }));
    const added = kind('Kind 3');
    await app.user.type(added.getByLabelText('Name'), 'Sports');
    await app.user.selectOptions(kind('Sports').getByLabelText('Its classes count as'), 'present');
    await app.user.clear(kind('Sports').getByLabelText('Longest leave (days)'));
    await app.user.type(kind('Sports').getByLabelText('Longest leave (days)'), '2');
    await app.user.type(kind('Sports').getByLabelText('Certificate needed over (days)'), '0');
    await app.user.clear(main().getByLabelText('Leave may start up to (days back)'));
    await app.user.type(main().getByLabelText('Leave may start up to (days back)'), '3');
    await save(app);

    expect(await screen.findByRole('status')).toHaveTextContent(SETTINGS_MESSAGES.saved);
    expect(api.callsTo('PATCH', '/settings').map((call) => call.body)).toEqual([
      {
        leaveKinds: [
          { name: 'Medical', countsAs: 'excused', maxDays: 15, certificateOverDays: 2 },
          { name: 'Personal', countsAs: 'excused', maxDays: 3, certificateOverDays: null },
          { name: 'Sports', countsAs: 'present', maxDays: 2, certificateOverDays: 0 },
        ],
        leaveBackDays: 3,
      },
    ]);
  });

  it('sends the kinds only when they changed', async () => {
    const { api, app } = await openSettings();
    await app.user.clear(main().getByLabelText('Leave may start up to (days back)'));
    await app.user.type(main().getByLabelText('Leave may start up to (days back)'), '2');
    await save(app);
    await waitFor(() => expect(api.callsTo('PATCH', '/settings')).toHaveLength(1));
    expect(api.callsTo('PATCH', '/settings')[0]!.body).toEqual({ leaveBackDays: 2 });
  });

  it('says what is wrong with a kind under its field, and a name used twice under the list; sends nothing', async () => {
    const { api, app } = await openSettings();
    const longest = kind('Medical').getByLabelText('Longest leave (days)');
    await app.user.clear(longest);
    await app.user.type(longest, '40');
    await save(app);
    await waitFor(() => expect(longest).toHaveFocus());
    expect(longest).toHaveAccessibleDescription(LEAVE_SETTINGS_MESSAGES.maxDays);
    await app.user.clear(longest);
    await app.user.type(longest, '10');

    await app.user.clear(kind('Personal').getByLabelText('Name'));
    await app.user.type(main().getByRole('group', { name: 'Kind 3' }).querySelector('input')!, 'medical');
    await save(app);
    expect(await within(main().getByRole('group', { name: 'Leave applications' })).findByRole('alert')).toHaveTextContent(
      LEAVE_SETTINGS_MESSAGES.leaveKinds,
    );
    expect(api.callsTo('PATCH', '/settings')).toHaveLength(0);
  });
});
