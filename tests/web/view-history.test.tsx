import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '@shared/schemas/attendance';
import { card, openDay, ROLL, session } from './support/corrections';
import { ADMIN, FACULTY } from './support/fixtures';

/* A session's history (docs/product.md §4): the original mark, then each correction, who, when and why. */

const [AARAV, DIYA, ANANYA] = ROLL;
const HISTORY: HistoryEntry[] = [
  {
    version: 1,
    by: { _id: FACULTY._id, username: FACULTY.username },
    at: '2026-11-20T09:05:00.000Z',
    reason: null,
    changes: [
      { ...AARAV, from: null, to: 'present' },
      { ...DIYA, from: null, to: 'absent' },
      { ...ANANYA, from: null, to: 'excused' },
    ],
  },
  {
    version: 2,
    by: { _id: ADMIN._id, username: ADMIN.username },
    at: '2026-11-21T14:30:00.000Z',
    reason: 'Came in at 9:10',
    changes: [{ ...DIYA, from: 'absent', to: 'late' }],
  },
];

const history = () => within(screen.getByRole('dialog', { name: 'History of Division 1' }));

describe('view by date: History', () => {
  it('lists the original mark, then each correction with who, when, why and each student’s old and new status', async () => {
    const { api, app } = await openDay(FACULTY, [session(['present', 'late', 'excused'], { corrections: 1 })], {
      'GET /attendance/sess1/history': { data: HISTORY },
    });
    await app.user.click(card().getByRole('button', { name: 'History of Division 1' }));
    await history().findByText('Marked by Demo Faculty');
    // The entries: the items of the outer list, oldest first.
    const [original, correction, ...more] = [...history().getAllByRole('list')[0]!.children] as HTMLElement[];
    expect(more).toEqual([]);

    expect(original).toHaveTextContent('Marked by Demo Faculty');
    expect(original).toHaveTextContent('2026-11-20 14:35');
    expect(original).toHaveTextContent('1 present, 1 absent, 1 excused');
    // Who was not simply present, by name.
    expect(
      within(original!)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['25CE002 Diya ShahAbsent', '25CE004 Ananya DesaiExcused']);

    expect(correction).toHaveTextContent('Corrected by Demo Admin');
    expect(correction).toHaveTextContent('2026-11-21 20:00');
    expect(correction).toHaveTextContent('Reason: Came in at 9:10');
    const [change] = within(correction!).getAllByRole('listitem');
    // Read out as "Absent to Late"; shown as "Absent → Late".
    expect(change).toHaveTextContent(/^25CE002 Diya ShahAbsent→ to Late$/);
    expect(api.callsTo('GET', '/attendance/sess1/history')).toHaveLength(1);
  });

  it('closes with Escape, and the focus returns to its button', async () => {
    const { app } = await openDay(FACULTY, [session(['present', 'absent', 'absent'])], {
      'GET /attendance/sess1/history': { data: HISTORY.slice(0, 1) },
    });
    const opener = card().getByRole('button', { name: 'History of Division 1' });
    await app.user.click(opener);
    await history().findByText('Marked by Demo Faculty');
    await app.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });

  it('says so when the history cannot be read', async () => {
    const { app } = await openDay(FACULTY, [session(['present', 'absent', 'absent'])], {
      'GET /attendance/sess1/history': { status: 404, message: 'Attendance session not found' },
    });
    await app.user.click(card().getByRole('button', { name: 'History of Division 1' }));
    expect(await history().findByRole('alert')).toHaveTextContent('Attendance session not found');
  });
});
