import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TERM_DATES_OUT_OF_ORDER, type Term } from '@shared/schemas/structure';
import { addedBody, columnNames, loadAdminScreens, main, openAdmin, rowTexts } from './support/admin';
import { EVEN, ODD } from './support/fixtures';

loadAdminScreens();

const DATED: Term = { ...ODD, startDate: '2026-06-01', endDate: '2026-11-30' };

/** The Term screen over a server that keeps `terms`: POST adds one, PATCH changes one (null clears a day). */
async function openTerms(terms: Term[], patch?: (body: Partial<Term>) => { status: number; message: string }) {
  const opened = await openAdmin('/dashboard/term', 'Term', {
    'GET /term': () => ({ data: terms.map((term) => ({ ...term })) }),
    'POST /term': (body) => {
      const term: Term = { _id: 't3', startDate: null, endDate: null, ...body };
      terms.push(term);
      return { status: 201, data: term, message: 'Term added successfully' };
    },
    'PATCH /term/t1': (body) => {
      const refused = patch?.(body);
      if (refused) return refused;
      const term = terms.find((each) => each._id === ODD._id)!;
      Object.assign(term, body);
      return { data: term, message: `Term ${term.name} updated` };
    },
  });
  return opened;
}

/** A date input set as a browser's date picker does (one change event with the whole day, or '' when cleared). */
const pickDay = (label: string, day: string, within_ = main()) =>
  fireEvent.change(within_.getByLabelText(label), { target: { value: day } });

async function listTerms(app: Awaited<ReturnType<typeof openTerms>>['app']) {
  await app.user.click(main().getByRole('button', { name: 'Get Terms' }));
  return screen.findByRole('table', { name: 'Terms' });
}

async function openEditDates(app: Awaited<ReturnType<typeof openTerms>>['app'], name: string) {
  const table = await listTerms(app);
  await app.user.click(await within(table).findByRole('button', { name: `Edit dates ${name}` }));
  return within(await screen.findByRole('dialog', { name: `Dates of ${name}` }));
}

describe('admin: a term’s first and last day', () => {
  it('Add Term sends the first and last day chosen', async () => {
    const opened = await openTerms([EVEN, ODD]);
    expect(main().getByLabelText('First day')).toHaveAttribute('type', 'date');
    expect(main().getByLabelText('Last day')).toHaveAttribute('type', 'date');
    await opened.app.user.type(main().getByLabelText('Name'), '2027-28 Odd Term');
    await opened.app.user.selectOptions(main().getByLabelText('Status'), 'inactive');
    pickDay('First day', '2027-06-01');
    pickDay('Last day', '2027-11-30');
    expect(await addedBody(opened, 'Add Term', 'Term added successfully', '/term')).toEqual({
      name: '2027-28 Odd Term',
      status: false,
      startDate: '2027-06-01',
      endDate: '2027-11-30',
    });
    const table = await screen.findByRole('table', { name: 'Terms' });
    await waitFor(() =>
      expect(rowTexts(table).at(-1)).toEqual([
        '2027-28 Odd Term',
        'False',
        '1 Jun 2027 – 30 Nov 2027',
        'RenameEdit datesHolidaysMake active…',
      ]),
    );
    expect(main().getByLabelText('First day')).toHaveValue('');
  });

  it('Add Term without dates sends no dates at all', async () => {
    const opened = await openTerms([EVEN, ODD]);
    await opened.app.user.type(main().getByLabelText('Name'), '2027-28 Odd Term');
    await opened.app.user.selectOptions(main().getByLabelText('Status'), 'active');
    const body = await addedBody(opened, 'Add Term', 'Term added successfully', '/term');
    expect(body).toEqual({ name: '2027-28 Odd Term', status: true });
    expect(Object.keys(body as object)).toEqual(['name', 'status']);
  });

  it('Add Term refuses a last day before the first, under Last day, and sends nothing', async () => {
    const opened = await openTerms([EVEN, ODD]);
    await opened.app.user.type(main().getByLabelText('Name'), 'Backwards');
    await opened.app.user.selectOptions(main().getByLabelText('Status'), 'active');
    pickDay('First day', '2027-06-01');
    pickDay('Last day', '2027-05-31');
    await opened.app.user.click(main().getByRole('button', { name: 'Add Term' }));
    expect(main().getByLabelText('Last day')).toHaveAccessibleDescription(`Optional ${TERM_DATES_OUT_OF_ORDER}`);
    expect(main().getByLabelText('Last day')).toHaveFocus();
    expect(opened.api.callsTo('POST', '/term')).toHaveLength(0);
  });

  it('the list shows each term’s dates, or Not set', async () => {
    const { app } = await openTerms([
      { ...EVEN, startDate: null, endDate: null },
      DATED,
      { _id: 't4', name: 'Open-ended', status: false, startDate: '2027-01-05', endDate: null },
      { _id: 't5', name: 'Until only', status: false, endDate: '2027-03-31' },
    ]);
    const table = await listTerms(app);
    expect(columnNames(table)).toEqual(['Name', 'Status', 'Dates', 'Actions']);
    expect(rowTexts(table).map((row) => row[2])).toEqual(['Not set', '1 Jun 2026 – 30 Nov 2026', 'From 5 Jan 2027', 'Until 31 Mar 2027']);
  });

  it('Edit dates sends a PATCH with only the days changed, then the list shows them', async () => {
    const terms = [EVEN, { ...DATED }];
    const { api, app } = await openTerms(terms);
    const dialog = await openEditDates(app, ODD.name);
    expect(dialog.getByLabelText('First day')).toHaveValue('2026-06-01');
    expect(dialog.getByLabelText('Last day')).toHaveValue('2026-11-30');
    pickDay('Last day', '2026-12-15', dialog);
    await app.user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent(`Term ${ODD.name} updated`);
    expect(api.callsTo('PATCH', `/term/${ODD._id}`).map((call) => call.body)).toEqual([{ endDate: '2026-12-15' }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Terms' });
    await waitFor(() => expect(within(table).getByText('1 Jun 2026 – 15 Dec 2026')).toBeInTheDocument());
  });

  it('Clear both sends null for each day; Cancel sends nothing', async () => {
    const { api, app } = await openTerms([EVEN, { ...DATED }]);
    let dialog = await openEditDates(app, ODD.name);
    pickDay('First day', '2026-01-01', dialog);
    await app.user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('PATCH', `/term/${ODD._id}`)).toHaveLength(0);

    const table = screen.getByRole('table', { name: 'Terms' });
    await app.user.click(within(table).getByRole('button', { name: `Edit dates ${ODD.name}` }));
    dialog = within(await screen.findByRole('dialog', { name: `Dates of ${ODD.name}` }));
    expect(dialog.getByLabelText('First day')).toHaveValue('2026-06-01');
    await app.user.click(dialog.getByRole('button', { name: 'Clear both' }));
    expect(dialog.getByLabelText('First day')).toHaveValue('');
    await app.user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.callsTo('PATCH', `/term/${ODD._id}`).map((call) => call.body)).toEqual([{ startDate: null, endDate: null }]),
    );
    await waitFor(() => expect(rowTexts(table)[1]).toEqual([ODD.name, 'True', 'Not set', 'RenameEdit datesHolidays']));
  });

  it('clearing one day sends null for it alone', async () => {
    const { api, app } = await openTerms([EVEN, { ...DATED }]);
    const dialog = await openEditDates(app, ODD.name);
    pickDay('First day', '', dialog);
    await app.user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PATCH', `/term/${ODD._id}`).map((call) => call.body)).toEqual([{ startDate: null }]));
  });

  it('a refusal (400) shows the server’s message in the dialog, which stays open', async () => {
    const { api, app } = await openTerms([EVEN, { ...DATED }], () => ({ status: 400, message: TERM_DATES_OUT_OF_ORDER }));
    const dialog = await openEditDates(app, ODD.name);
    // Before the stored last day, so the dialog's own check passes and the server decides.
    pickDay('First day', '2026-07-01', dialog);
    await app.user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(TERM_DATES_OUT_OF_ORDER);
    expect(api.callsTo('PATCH', `/term/${ODD._id}`).map((call) => call.body)).toEqual([{ startDate: '2026-07-01' }]);
    expect(screen.getByRole('dialog', { name: `Dates of ${ODD.name}` })).toBeInTheDocument();
  });

  it('the dialog refuses days out of order itself, under Last day', async () => {
    const { api, app } = await openTerms([EVEN, { ...DATED }]);
    const dialog = await openEditDates(app, ODD.name);
    pickDay('Last day', '2026-05-01', dialog);
    await app.user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(dialog.getByLabelText('Last day')).toHaveAccessibleDescription(`Optional ${TERM_DATES_OUT_OF_ORDER}`);
    expect(api.callsTo('PATCH', `/term/${ODD._id}`)).toHaveLength(0);
  });
});
