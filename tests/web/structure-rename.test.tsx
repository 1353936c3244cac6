import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Course, Semester, Slot, Term } from '@shared/schemas/structure';
import { TEXT_MESSAGES } from '@shared/text/normalize';
import { BATCH_1A, BATCH_1B, DIVISION_1, DIVISION_2, EVEN, ODD, SEMESTER_3, SEMESTER_5 } from './support/fixtures';
import { loadAdminScreens, main, openAdmin, rowTexts } from './support/admin';
import type { Handler, Routes } from './support/fake-api';

loadAdminScreens();

/*
 * Rename on each row of the Term, Semester, Division, Batch, Course and Slot lists (docs/product.md §2.5):
 * a dialog with the name prefilled, checked as Add checks it; the server's refusal under the field.
 */

/** A fake list whose PATCH renames in it, answering as the server does. */
function renamable<T extends { _id: string; name: string }>(items: T[], label: string) {
  const rows = [...items];
  const rename = (id: string, name: string) => {
    const at = rows.findIndex((row) => row._id === id);
    rows[at] = { ...rows[at]!, name };
    return { data: rows[at]!, message: `${label} renamed successfully` };
  };
  return { rows, rename };
}

async function openSemesters(patch?: Handler<'PATCH /semester/{id}'>) {
  const list = renamable<Semester>([SEMESTER_3, SEMESTER_5], 'Semester');
  const opened = await openAdmin('/dashboard/semester', 'Semester', {
    'GET /semester/t1': () => ({ data: [...list.rows] }),
    'PATCH /semester/s3': patch ?? ((body) => list.rename('s3', body.name)),
  });
  await waitFor(() => expect(main().getByLabelText('Term')).toHaveValue('t1'));
  await opened.app.user.click(main().getByRole('button', { name: 'Get Semesters' }));
  const table = await screen.findByRole('table', { name: 'Semesters of 2026-27 Odd Term' });
  return { ...opened, table };
}

const renameDialog = async (name: string) => within(await screen.findByRole('dialog', { name: `Rename ${name}` }));

describe('admin: Rename a row of the structure', () => {
  it('opens with the name prefilled, sends the new name, and the list shows it', async () => {
    const { api, app, table } = await openSemesters();
    expect(rowTexts(table)[0]).toEqual(['Semester 3', 'RenameDelete']);
    await app.user.click(within(table).getByRole('button', { name: 'Rename Semester 3' }));
    const dialog = await renameDialog('Semester 3');
    const name = dialog.getByLabelText('Name');
    expect(name).toHaveValue('Semester 3');
    expect(name).toHaveFocus();
    await app.user.clear(name);
    await app.user.type(name, 'Semester Three');
    await app.user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Semester renamed successfully');
    expect(api.callsTo('PATCH', '/semester/s3').map((call) => call.body)).toEqual([{ name: 'Semester Three' }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(rowTexts(table).map((row) => row[0])).toEqual(['Semester Three', 'Semester 5']));
  });

  it('shows the server’s refusal (409, 400) beside the field, keeps the dialog open and the list as it was', async () => {
    const lookalike = TEXT_MESSAGES.lookalikeName('Semester', 'Semester S', ' in this term');
    let refusal = { status: 409, message: lookalike };
    const { api, app, table } = await openSemesters(() => refusal);
    await app.user.click(within(table).getByRole('button', { name: 'Rename Semester 3' }));
    const dialog = await renameDialog('Semester 3');
    const name = dialog.getByLabelText('Name');
    await app.user.clear(name);
    await app.user.type(name, 'Semester S{Enter}');
    await waitFor(() => expect(name).toHaveAccessibleDescription(lookalike));
    expect(name).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(name).toHaveFocus());
    // Typing clears the message; the next refusal shows in its place.
    refusal = { status: 400, message: 'Name contains invisible or control characters' };
    await app.user.type(name, '!');
    expect(name).not.toHaveAccessibleDescription(lookalike);
    await app.user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription('Name contains invisible or control characters'));
    expect(api.callsTo('PATCH', '/semester/s3')).toHaveLength(2);
    expect(rowTexts(table).map((row) => row[0])).toEqual(['Semester 3', 'Semester 5']);
  });

  it('says what else went wrong above the buttons', async () => {
    const { app, table } = await openSemesters({ status: 503, message: 'Please try again in a moment' });
    await app.user.click(within(table).getByRole('button', { name: 'Rename Semester 3' }));
    const dialog = await renameDialog('Semester 3');
    await app.user.type(dialog.getByLabelText('Name'), ' again');
    await app.user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Please try again in a moment');
    expect(dialog.getByLabelText('Name')).not.toHaveAttribute('aria-invalid');
  });

  it('checks the name as Add does and sends nothing for an empty one; the same name closes without sending', async () => {
    const { api, app, table } = await openSemesters();
    await app.user.click(within(table).getByRole('button', { name: 'Rename Semester 3' }));
    let dialog = await renameDialog('Semester 3');
    await app.user.clear(dialog.getByLabelText('Name'));
    await app.user.type(dialog.getByLabelText('Name'), '   ');
    await app.user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(dialog.getByLabelText('Name')).toHaveAccessibleDescription('Enter Semester');
    await app.user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await app.user.click(within(table).getByRole('button', { name: 'Rename Semester 3' }));
    dialog = await renameDialog('Semester 3');
    await app.user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('PATCH', '/semester/s3')).toEqual([]);
  });

  const PHYSICS: Course = { _id: 'c1', name: 'Physics', semid: 's3' };
  const NINE: Slot = { _id: 'sl9', name: '09:00 - 10:00', termid: 't1', start: '09:00', end: '10:00' };
  it.each([
    {
      label: 'Division',
      level: 'division',
      list: 'GET /division/s3',
      rows: [DIVISION_1, DIVISION_2],
      get: 'Get Division',
      table: 'Divisions of Semester 3',
    },
    { label: 'Batch', level: 'batch', list: 'GET /batch/d1', rows: [BATCH_1A, BATCH_1B], get: 'Get Batch', table: 'Batches of Division 1' },
    { label: 'Course', level: 'course', list: 'GET /course/s3', rows: [PHYSICS], get: 'Get Course', table: 'Courses of Semester 3' },
    { label: 'Slot', level: 'slot', list: 'GET /slot/t1', rows: [NINE], get: 'Get Slots', table: 'Slots of 2026-27 Odd Term' },
  ])('$label: renames a row from its list', async ({ label, level, list, rows, get, table: tableName }) => {
    const fake = renamable<{ _id: string; name: string }>(rows, label);
    const first = rows[0]!;
    // The routes are picked per level here; the fake API checks each answer against the contract as it is sent.
    const { api, app } = await openAdmin(`/dashboard/${level}`, label, {
      [list]: () => ({ data: [...fake.rows] }),
      [`PATCH /${level}/${first._id}`]: (body: { name: string }) => fake.rename(first._id, body.name),
    } as Routes<Record<string, unknown>>);
    await waitFor(() => expect(main().getAllByRole('combobox').at(-1)).not.toHaveValue(''));
    await app.user.click(main().getByRole('button', { name: get }));
    const table = await screen.findByRole('table', { name: tableName });
    await app.user.click(await within(table).findByRole('button', { name: `Rename ${first.name}` }));
    const dialog = await renameDialog(first.name);
    expect(dialog.getByLabelText('Name')).toHaveValue(first.name);
    await app.user.clear(dialog.getByLabelText('Name'));
    await app.user.type(dialog.getByLabelText('Name'), `${label} renamed{Enter}`);
    expect(await screen.findByRole('status')).toHaveTextContent(`${label} renamed successfully`);
    expect(api.callsTo('PATCH', `/${level}/${first._id}`).map((call) => call.body)).toEqual([{ name: `${label} renamed` }]);
    await waitFor(() => expect(rowTexts(table)[0]![0]).toBe(`${label} renamed`));
  });
});

describe('admin: Rename a term', () => {
  it('renames a term from the Term list; a refused name shows under the field and the list keeps it', async () => {
    const terms: Term[] = [{ ...EVEN }, { ...ODD }];
    let refusal: { status: number; message: string } | null = { status: 409, message: 'Term "2025-26 Even Term" already exists' };
    const { api, app } = await openAdmin('/dashboard/term', 'Term', {
      'GET /term': () => ({ data: terms.map((term) => ({ ...term })) }),
      'PATCH /term/t1': (body) => {
        if (refusal) return refusal;
        const term = terms.find((each) => each._id === 't1')!;
        term.name = body.name!;
        return { data: { ...term }, message: 'Term renamed successfully' };
      },
    });
    const table = await screen.findByRole('table', { name: 'Terms' });
    await app.user.click(await within(table).findByRole('button', { name: `Rename ${ODD.name}` }));
    const dialog = await renameDialog(ODD.name);
    const name = dialog.getByLabelText('Name');
    expect(name).toHaveValue(ODD.name);
    await app.user.clear(name);
    await app.user.type(name, '2025-26 even term{Enter}');
    await waitFor(() => expect(name).toHaveAccessibleDescription('Term "2025-26 Even Term" already exists'));
    expect(rowTexts(table).map((row) => row[0])).toEqual([EVEN.name, ODD.name]);

    refusal = null;
    await app.user.clear(name);
    await app.user.type(name, '2026-27 Odd Semester Term{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent('Term renamed successfully');
    expect(api.callsTo('PATCH', '/term/t1').map((call) => call.body)).toEqual([
      { name: '2025-26 even term' },
      { name: '2026-27 Odd Semester Term' },
    ]);
    await waitFor(() => expect(rowTexts(table).map((row) => row[0])).toEqual([EVEN.name, '2026-27 Odd Semester Term']));
  });
});
