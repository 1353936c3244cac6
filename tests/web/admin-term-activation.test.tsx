import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addDays, DEFAULT_TIME_ZONE, todayIn } from '@shared/dates';
import type { Holiday, Term } from '@shared/schemas/structure';
import { loadAdminScreens, main, openAdmin, rowTexts } from './support/admin';
import { EVEN, ODD } from './support/fixtures';

loadAdminScreens();

/**
 * The Term screen's deliberate switch (docs/product.md §3): 'Make active…' asks first, saying what
 * changes for whom, now or from a later day; a planned switch shows on its row with Cancel switch.
 * And a term's holidays, edited as a list and saved whole.
 */
const NEXT: Term = { _id: 't3', name: '2027-28 Odd Term', status: false, startDate: '2027-06-01', endDate: '2027-11-30' };
const today = todayIn(DEFAULT_TIME_ZONE);

async function openTerms(terms: Term[], extra: Parameters<typeof openAdmin>[2] = {}) {
  const opened = await openAdmin('/dashboard/term', 'Term', {
    'GET /term': () => ({ data: terms.map((term) => ({ ...term })) }),
    'GET /term/active': () => ({ data: terms.filter((term) => term.status) }),
    ...extra,
  });
  await opened.app.user.click(main().getByRole('button', { name: 'Get Terms' }));
  const table = await screen.findByRole('table', { name: 'Terms' });
  return { ...opened, table };
}

/** A server that activates (every other term inactive) or plans (activeFrom) as the real one does. */
const activation = (terms: Term[], id: string) => (body: { from?: string | null }) => {
  const term = terms.find((each) => each._id === id)!;
  if (body.from === null) {
    delete term.activeFrom;
    return { data: terms, message: `The switch to ${term.name} is cancelled` };
  }
  if (body.from && body.from > today) {
    term.activeFrom = body.from;
    return { data: terms, message: `${term.name} becomes the active term on ${body.from}` };
  }
  for (const each of terms) each.status = each._id === id;
  return { data: terms, message: `${term.name} is now the active term` };
};

describe('admin: making a term the active one', () => {
  it('asks first, saying what changes for whom, and Cancel changes nothing', async () => {
    const terms = [{ ...EVEN }, { ...ODD }, { ...NEXT }];
    const { app, api, table } = await openTerms(terms);
    expect(within(table).queryByRole('button', { name: `Make active… ${ODD.name}` })).not.toBeInTheDocument();
    await app.user.click(within(table).getByRole('button', { name: `Make active… ${NEXT.name}` }));
    const dialog = await screen.findByRole('dialog', { name: `Make ${NEXT.name} the active term?` });
    expect(dialog).toHaveAccessibleDescription(
      `Every faculty member's Home and Today will show ${NEXT.name}'s classes, and attendance will be marked in ${NEXT.name}. ` +
        `${ODD.name} becomes inactive: its attendance stays viewable but can no longer be marked, and its classes leave Today and Not marked.`,
    );
    expect(within(dialog).getByLabelText('From date')).toHaveAttribute('type', 'date');
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('makes the term active now: one request, the list and the navigation follow', async () => {
    const terms = [{ ...EVEN }, { ...ODD }, { ...NEXT }];
    const { app, api, table } = await openTerms(terms, { 'POST /term/t3/activate': activation(terms, 't3') });
    await app.user.click(within(table).getByRole('button', { name: `Make active… ${NEXT.name}` }));
    const dialog = within(await screen.findByRole('dialog', { name: `Make ${NEXT.name} the active term?` }));
    await app.user.click(dialog.getByRole('button', { name: 'Make active now' }));
    expect(await screen.findByRole('status')).toHaveTextContent(`${NEXT.name} is now the active term`);
    expect(api.callsTo('POST', '/term/t3/activate').map((call) => call.body)).toEqual([{}]);
    await waitFor(() =>
      expect(rowTexts(table).map((row) => row.slice(0, 2))).toEqual([
        [EVEN.name, 'False'],
        [ODD.name, 'False'],
        [NEXT.name, 'True'],
      ]),
    );
    expect(await screen.findByRole('link', { name: new RegExp(`^Active term: ${NEXT.name}`) })).toBeInTheDocument();
  });

  it('plans the switch for a later day: the row shows it with Cancel switch, which cancels it', async () => {
    const terms = [{ ...EVEN }, { ...ODD }, { ...NEXT }];
    const from = addDays(today, 10);
    const { app, api, table } = await openTerms(terms, { 'POST /term/t3/activate': activation(terms, 't3') });
    await app.user.click(within(table).getByRole('button', { name: `Make active… ${NEXT.name}` }));
    const dialog = within(await screen.findByRole('dialog', { name: `Make ${NEXT.name} the active term?` }));
    fireEvent.change(dialog.getByLabelText('From date'), { target: { value: from } });
    expect(dialog.getByLabelText('From date')).toHaveAccessibleDescription(
      expect.stringContaining(`Planned: ${NEXT.name} becomes the active term at the start of`),
    );
    await app.user.click(dialog.getByRole('button', { name: 'Plan the switch' }));
    expect(await screen.findByRole('status')).toHaveTextContent(`${NEXT.name} becomes the active term on ${from}`);
    expect(api.callsTo('POST', '/term/t3/activate').map((call) => call.body)).toEqual([{ from }]);
    await waitFor(() => expect(rowTexts(table)[2]![1]).toMatch(/^False · active from /));
    // Still the same active term until then.
    expect(rowTexts(table)[1]![1]).toBe('True');

    await app.user.click(within(table).getByRole('button', { name: `Cancel switch ${NEXT.name}` }));
    await waitFor(() => expect(rowTexts(table)[2]![1]).toBe('False'));
    expect(api.callsTo('POST', '/term/t3/activate').map((call) => call.body)).toEqual([{ from }, { from: null }]);
  });

  it('shows a refusal in the dialog, which stays open', async () => {
    const terms = [{ ...EVEN }, { ...ODD }, { ...NEXT }];
    const { app, table } = await openTerms(terms, {
      'POST /term/t3/activate': { status: 409, message: 'The active term changed meanwhile. Reload the terms and try again.' },
    });
    await app.user.click(within(table).getByRole('button', { name: `Make active… ${NEXT.name}` }));
    const dialog = within(await screen.findByRole('dialog', { name: `Make ${NEXT.name} the active term?` }));
    await app.user.click(dialog.getByRole('button', { name: 'Make active now' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('The active term changed meanwhile. Reload the terms and try again.');
  });
});

describe('admin: a term’s holidays', () => {
  const DIWALI: Holiday = { date: '2027-10-29', name: 'Diwali' };
  const INDEPENDENCE: Holiday = { date: '2027-08-15', name: 'Independence Day' };

  it('lists the holidays, adds and removes some, and saves the whole list in one PATCH', async () => {
    const terms = [{ ...EVEN }, { ...ODD }, { ...NEXT, holidays: [DIWALI] }];
    const { app, api, table } = await openTerms(terms, {
      'PATCH /term/t3': (body: { holidays?: Holiday[] }) => {
        Object.assign(terms[2]!, body);
        return { data: terms[2]!, message: `Term ${NEXT.name} updated` };
      },
    });
    await app.user.click(within(table).getByRole('button', { name: `Holidays ${NEXT.name}` }));
    const dialog = within(await screen.findByRole('dialog', { name: `Holidays of ${NEXT.name}` }));
    const list = () => rowTexts(dialog.getByRole('table', { name: `Holidays of ${NEXT.name}` })).map((row) => row.slice(0, 2));
    expect(list()).toEqual([['29 Oct 2027', 'Diwali']]);

    // A day outside the term is refused here, under the date.
    fireEvent.change(dialog.getByLabelText('Holiday date'), { target: { value: '2027-12-25' } });
    await app.user.type(dialog.getByLabelText('Holiday name'), 'Christmas');
    await app.user.click(dialog.getByRole('button', { name: 'Add holiday' }));
    expect(dialog.getByLabelText('Holiday date')).toHaveAccessibleDescription(
      expect.stringContaining('A holiday must be a day of the term'),
    );

    fireEvent.change(dialog.getByLabelText('Holiday date'), { target: { value: INDEPENDENCE.date } });
    await app.user.clear(dialog.getByLabelText('Holiday name'));
    await app.user.type(dialog.getByLabelText('Holiday name'), INDEPENDENCE.name);
    await app.user.click(dialog.getByRole('button', { name: 'Add holiday' }));
    expect(list()).toEqual([
      ['15 Aug 2027', 'Independence Day'],
      ['29 Oct 2027', 'Diwali'],
    ]);
    await app.user.click(dialog.getByRole('button', { name: 'Remove Diwali (29 Oct 2027)' }));
    expect(list()).toEqual([['15 Aug 2027', 'Independence Day']]);
    expect(api.calls.filter((call) => call.method === 'PATCH')).toEqual([]);

    await app.user.click(dialog.getByRole('button', { name: 'Save holidays' }));
    expect(await screen.findByRole('status')).toHaveTextContent(`Term ${NEXT.name} updated`);
    expect(api.callsTo('PATCH', '/term/t3').map((call) => call.body)).toEqual([{ holidays: [INDEPENDENCE] }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says a conflict in the dialog, which stays open', async () => {
    const terms = [{ ...EVEN }, { ...ODD }, { ...NEXT }];
    const { app, table } = await openTerms(terms, {
      'PATCH /term/t3': { status: 409, message: 'This term changed meanwhile. Reload it and try again.' },
    });
    await app.user.click(within(table).getByRole('button', { name: `Holidays ${NEXT.name}` }));
    const dialog = within(await screen.findByRole('dialog', { name: `Holidays of ${NEXT.name}` }));
    expect(dialog.getByText('No holidays.')).toBeInTheDocument();
    await app.user.click(dialog.getByRole('button', { name: 'Save holidays' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('This term changed meanwhile. Reload it and try again.');
  });
});

describe('admin: preparing a term that is not active', () => {
  it('Batch: the Term select lists every term, the active one chosen; another term lists its own semesters and divisions', async () => {
    const { app, api } = await openAdmin('/dashboard/batch', 'Batch', {
      'POST /batch': { status: 201, data: { _id: 'b10', name: 'Batch 1C', divisionid: 'd9' }, message: 'Batch added successfully' },
      'GET /batch/d9': { data: [{ _id: 'b9', name: 'Batch 1A', divisionid: 'd9' }] },
    });
    const term = main().getByLabelText('Term');
    await waitFor(() => expect(term).toHaveValue(ODD._id));
    expect(term).toHaveAccessibleDescription('The active term');
    await waitFor(() => expect(main().getByLabelText('Semester')).toHaveValue('s3'));
    expect(main().getByLabelText('Semester')).toHaveAccessibleDescription(`Semesters of the active term, ${ODD.name}`);

    await app.user.selectOptions(term, EVEN._id);
    expect(term).toHaveAccessibleDescription('Not the active term: changes here do not touch the active term');
    await waitFor(() => expect(main().getByLabelText('Semester')).toHaveValue('s2'));
    expect(main().getByLabelText('Semester')).toHaveAccessibleDescription(`Semesters of ${EVEN.name}`);
    await waitFor(() => expect(main().getByLabelText('Division')).toHaveValue('d9'));
    await app.user.type(main().getByLabelText('Name'), 'Batch 1C');
    await app.user.click(main().getByRole('button', { name: 'Add Batch' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Batch added successfully');
    expect(api.callsTo('POST', '/batch').map((call) => call.body)).toEqual([{ name: 'Batch 1C', divisionid: 'd9' }]);
  });
});
