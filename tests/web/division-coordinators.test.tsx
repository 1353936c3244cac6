import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PublicUser } from '@shared/schemas/auth';
import { COORDINATOR_MESSAGES, type Division } from '@shared/schemas/structure';
import { columnNames, loadAdminScreens, main, openAdmin, rowTexts } from './support/admin';
import { ADMIN, DIVISION_1, DIVISION_2, FACULTY } from './support/fixtures';

/*
 * A division's leave coordinators (docs/product.md §2.17), on the admin's Division screen: the list names
 * them; a row's Coordinators opens the faculty members and admins to tick; Save sends the whole choice.
 */

loadAdminScreens();

const PRIYA: PublicUser = { _id: 'u-priya', username: 'Priya Rao', email: 'priya@sams.local', role: 'faculty' };
const STUDENT_USER: PublicUser = { _id: 'u-asha', username: 'Asha Patel', email: 'asha@college.test', role: 'student' };

function open() {
  let divisions: Division[] = [{ ...DIVISION_1, coordinators: [FACULTY._id] }, DIVISION_2];
  return openAdmin('/dashboard/division', 'Division', {
    'GET /user': { data: [ADMIN, FACULTY, PRIYA, STUDENT_USER] },
    'GET /division/s3': () => ({ data: divisions }),
    'PATCH /division/d1/coordinators': ({ coordinators }) => ({
      data: { ...DIVISION_1, coordinators },
      message: COORDINATOR_MESSAGES.saved,
    }),
    'PATCH /division/d2/coordinators': ({ coordinators }) => {
      const saved = { ...DIVISION_2, coordinators };
      divisions = [divisions[0]!, saved];
      return { data: saved, message: COORDINATOR_MESSAGES.saved };
    },
  });
}

describe("a division's leave coordinators", () => {
  it('names them in the list', async () => {
    await open();
    const table = await screen.findByRole('table', { name: 'Divisions of Semester 3' });
    expect(columnNames(table)).toEqual(['Name', 'Leave coordinators', 'Actions']);
    await waitFor(() =>
      expect(rowTexts(table).map((cells) => cells.slice(0, 2))).toEqual([
        ['Division 1', 'Demo Faculty'],
        ['Division 2', 'None'],
      ]),
    );
  });

  it('ticks faculty members and admins (no one else) and saves the whole choice', async () => {
    const { api, app } = await open();
    await screen.findByRole('table', { name: 'Divisions of Semester 3' });
    await app.user.click(main().getByRole('button', { name: 'Coordinators Division 2' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Coordinators of Division 2' }));
    expect(dialog.getAllByRole('checkbox').map((box) => box.closest('label')!.textContent)).toEqual([
      'Demo Admin (admin, admin@sams.local)',
      'Demo Faculty (faculty, faculty@sams.local)',
      'Priya Rao (faculty, priya@sams.local)',
    ]);
    expect(dialog.getAllByRole('checkbox').filter((box) => (box as HTMLInputElement).checked)).toHaveLength(0);
    await app.user.click(dialog.getByRole('checkbox', { name: /Priya Rao/ }));
    await app.user.click(dialog.getByRole('checkbox', { name: /Demo Faculty/ }));
    await app.user.click(dialog.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.callsTo('PATCH', '/division/d2/coordinators')).toHaveLength(1));
    expect(api.callsTo('PATCH', '/division/d2/coordinators')[0]!.body).toEqual({ coordinators: [FACULTY._id, PRIYA._id] });
    expect(await screen.findByText(COORDINATOR_MESSAGES.saved)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Divisions of Semester 3' });
    await waitFor(() => expect(rowTexts(table)[1]!.slice(0, 2)).toEqual(['Division 2', 'Demo Faculty, Priya Rao']));
  });

  it('starts from the current choice, and an empty choice removes them all', async () => {
    const { api, app } = await open();
    await screen.findByRole('table', { name: 'Divisions of Semester 3' });
    await app.user.click(main().getByRole('button', { name: 'Coordinators Division 1' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Coordinators of Division 1' }));
    expect(dialog.getByRole('checkbox', { name: /Demo Faculty/ })).toBeChecked();
    await app.user.click(dialog.getByRole('checkbox', { name: /Demo Faculty/ }));
    await app.user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PATCH', '/division/d1/coordinators')).toHaveLength(1));
    expect(api.callsTo('PATCH', '/division/d1/coordinators')[0]!.body).toEqual({ coordinators: [] });
  });
});
