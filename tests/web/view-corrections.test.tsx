import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CORRECTED, CORRECTION_CONFLICT, REASON_MESSAGE, type CorrectionInput, type ClassSessionView } from '@shared/schemas/attendance';
import { card, cardRows, openDay, session } from './support/corrections';
import { ADMIN, FACULTY } from './support/fixtures';

/*
 * View by date (docs/product.md §2.7): each session's students with their status, who marked it and
 * when, and a correction through the marking form with a reason and the version read; a conflict
 * (409) shows the session as it stands now.
 */

const MARKED = session(['present', 'absent', 'excused']);
const HOUR = 3_600_000;
const dialog = () => within(screen.getByRole('dialog', { name: 'Correct Division 1' }));
const toggle = (enrollment: string) => dialog().getByRole('checkbox', { name: new RegExp(`^${enrollment} `) });

describe('view by date: the sessions', () => {
  it('lists each student with their status, who marked it and when, and offers Correct, at the top of the card, to the faculty member who marked it', async () => {
    await openDay(FACULTY, [session(['present', 'late', 'excused'], { corrections: 2 })]);
    expect(cardRows()).toEqual(['25CE001 Aarav Patel: Present', '25CE002 Diya Shah: Late', '25CE004 Ananya Desai: Excused']);
    expect(card().getByText('Marked by Demo Faculty, 2026-11-20 14:35; corrected 2 times')).toBeInTheDocument();
    expect(card().getByText('1 present, 1 late, 1 excused')).toBeInTheDocument();
    expect(card().getByText(/^You can correct it until \d{4}-\d\d-\d\d \d\d:\d\d\.$/)).toBeInTheDocument();
    expect(card().getByRole('button', { name: 'Correct Division 1' })).toHaveTextContent('Correct');
    expect(card().getByRole('button', { name: 'History of Division 1' })).toBeInTheDocument();
    // One tap from the session: Correct and History come before the card's list of students.
    const list = card().getByRole('list', { name: 'Students of Division 1' });
    for (const name of ['Correct Division 1', 'History of Division 1'])
      expect(card().getByRole('button', { name }).compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // The sessions come before the present list.
    const present = screen.getByRole('heading', { level: 3, name: 'Present Students List' });
    expect(list.compareDocumentPosition(present) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // The present list counts the late too.
    expect(screen.getByText('2 students present')).toBeInTheDocument();
  });

  it('offers no Correct once the edit window has closed, nor to another faculty member; an admin may always', async () => {
    const closed = session(['present', 'absent', 'absent'], { editableUntil: new Date(Date.now() - HOUR).toISOString() });
    await openDay(FACULTY, [closed]);
    expect(card().queryByRole('button', { name: 'Correct Division 1' })).not.toBeInTheDocument();
    expect(card().getByText('Only an admin can correct it now.')).toBeInTheDocument();
  });

  it("someone else's session: no Correct, and who may still correct it", async () => {
    await openDay(FACULTY, [session(['present', 'absent', 'absent'], { markedBy: { _id: 'u-other', username: 'Prof Rao' } })]);
    expect(card().queryByRole('button', { name: 'Correct Division 1' })).not.toBeInTheDocument();
    expect(card().getByText(/^Prof Rao can correct it until \d{4}-\d\d-\d\d \d\d:\d\d, an admin at any time\.$/)).toBeInTheDocument();
  });

  it('an admin gets Correct on a closed session', async () => {
    await openDay(ADMIN, [session(['present', 'absent', 'absent'], { editableUntil: new Date(Date.now() - HOUR).toISOString() })]);
    expect(card().getByRole('button', { name: 'Correct Division 1' })).toBeInTheDocument();
  });
});

describe('view by date: a correction', () => {
  it('opens the marking form pre-filled; sends only the changes, the reason and the version; then reads the day again', async () => {
    const corrected: ClassSessionView = { ...session(['present', 'late', 'excused']), version: 2, corrections: 1 };
    const { api, app, reads } = await openDay(FACULTY, [MARKED, corrected], {
      'PATCH /attendance/sess1': { data: corrected, message: CORRECTED },
    });
    await app.user.click(card().getByRole('button', { name: 'Correct Division 1' }));
    expect(toggle('25CE001')).toBeChecked();
    // The reason comes before the list of students.
    const reason = dialog().getByLabelText('Reason for the correction');
    expect(reason.compareDocumentPosition(toggle('25CE001')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(toggle('25CE002')).not.toBeChecked();
    expect(toggle('25CE002')).toHaveAccessibleDescription('Absent');
    expect(toggle('25CE004')).toHaveAccessibleDescription('Excused');

    await app.user.click(dialog().getByRole('radio', { name: 'Late' }));
    await app.user.click(toggle('25CE002'));
    await app.user.click(dialog().getByRole('button', { name: 'Save correction' }));
    // The reason is required: its message, and nothing sent.
    expect(dialog().getByLabelText('Reason for the correction')).toHaveAccessibleDescription(expect.stringContaining(REASON_MESSAGE));
    expect(dialog().getByLabelText('Reason for the correction')).toHaveFocus();
    expect(api.callsTo('PATCH', '/attendance/sess1')).toHaveLength(0);

    await app.user.type(dialog().getByLabelText('Reason for the correction'), 'Came in at 9:10');
    await app.user.click(dialog().getByRole('button', { name: 'Save correction' }));
    expect(await screen.findByRole('status')).toHaveTextContent(CORRECTED);
    const body: CorrectionInput = { statuses: { st2: 'late' }, reason: 'Came in at 9:10', version: 1 };
    expect(api.callsTo('PATCH', '/attendance/sess1').map((call) => call.body)).toEqual([body]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(cardRows()).toContain('25CE002 Diya Shah: Late'));
    expect(reads()).toBe(2);
    expect(card().getByText(/corrected once$/)).toBeInTheDocument();
  });

  it('with no status changed, says so and sends nothing (Enter in the reason saves too)', async () => {
    const { api, app } = await openDay(FACULTY, [MARKED], { 'PATCH /attendance/sess1': { data: MARKED } });
    await app.user.click(card().getByRole('button', { name: 'Correct Division 1' }));
    await app.user.type(dialog().getByLabelText('Reason for the correction'), 'Checked the roll{Enter}');
    expect(dialog().getByRole('alert')).toHaveTextContent('Choose at least one student whose status changes');
    expect(api.callsTo('PATCH', '/attendance/sess1')).toHaveLength(0);
  });

  it('a conflict (409) says someone else changed it and shows it as it stands; a second try sends the new version', async () => {
    const theirs: ClassSessionView = { ...session(['absent', 'present', 'excused']), version: 2, corrections: 1 };
    const ours: ClassSessionView = { ...session(['absent', 'present', 'present']), version: 3, corrections: 2 };
    let patches = 0;
    const { api, app } = await openDay(FACULTY, [MARKED, theirs, ours], {
      'PATCH /attendance/sess1': () =>
        patches++ === 0 ? { status: 409, message: CORRECTION_CONFLICT, data: theirs } : { data: ours, message: CORRECTED },
    });
    await app.user.click(card().getByRole('button', { name: 'Correct Division 1' }));
    await app.user.click(toggle('25CE002'));
    await app.user.type(dialog().getByLabelText('Reason for the correction'), 'Was in the lab');
    await app.user.click(dialog().getByRole('button', { name: 'Save correction' }));

    const alert = await dialog().findByRole('alert');
    expect(alert).toHaveTextContent(CORRECTION_CONFLICT);
    expect(alert).toHaveFocus();
    // The form now shows their change (Aarav absent, Diya present), the reason typed is kept.
    expect(toggle('25CE001')).not.toBeChecked();
    expect(toggle('25CE002')).toBeChecked();
    expect(dialog().getByLabelText('Reason for the correction')).toHaveValue('Was in the lab');
    // And the day behind it was read again.
    await waitFor(() => expect(cardRows()[0]).toBe('25CE001 Aarav Patel: Absent'));

    await app.user.click(dialog().getByRole('radio', { name: 'Absent' }));
    await app.user.click(toggle('25CE004'));
    await app.user.click(dialog().getByRole('button', { name: 'Save correction' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('PATCH', '/attendance/sess1').map((call) => call.body)).toEqual([
      { statuses: { st2: 'present' }, reason: 'Was in the lab', version: 1 },
      { statuses: { st4: 'present' }, reason: 'Was in the lab', version: 2 },
    ]);
  });

  it("a refused correction (403) shows the server's message in the dialog", async () => {
    const refusal = 'The edit window has closed: only an admin can correct this attendance now';
    const { app } = await openDay(FACULTY, [MARKED], { 'PATCH /attendance/sess1': { status: 403, message: refusal } });
    await app.user.click(card().getByRole('button', { name: 'Correct Division 1' }));
    await app.user.click(toggle('25CE001'));
    await app.user.type(dialog().getByLabelText('Reason for the correction'), 'Left early');
    await app.user.click(dialog().getByRole('button', { name: 'Save correction' }));
    expect(await dialog().findByRole('alert')).toHaveTextContent(refusal);
    expect(toggle('25CE001')).not.toBeChecked(); // what was chosen stays
  });
});
