import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TIMETABLE_MESSAGES, type TimetableEntryChange, type TimetableEntryInput } from '@shared/schemas/timetable';
import { loadAdminScreens, openAdmin, optionNames } from './support/admin';
import type { Routes } from './support/fake-api';
import { ADMIN, FACULTY } from './support/fixtures';
import { entry, LECTURE, SECOND_FACULTY, SLOT_10, TIMETABLE_LISTS } from './support/timetable';

loadAdminScreens();

// Timetable (docs/product.md §3): classes that meet in odd or even weeks only, shown and chosen as such.

const DIVISION_PATH = '/timetable?termid=t1&groupid=d1';
/** Monday 10:00: Batch 1A's lab in odd weeks, and Batch 1B's in even weeks. */
const ODD_LAB = entry({ _id: 'e-odd', slotid: SLOT_10._id, courseid: 'c2', classKind: 'lab', groupid: 'b1', weeks: 'odd' });
const EVEN_LAB = entry({ _id: 'e-even', slotid: SLOT_10._id, classKind: 'lab', groupid: 'b2', weeks: 'even' });
/** Tuesday 09:00: Division 1's lecture in odd weeks. */
const ODD_LECTURE = entry({ _id: 'e-odd-lecture', weekday: 2, weeks: 'odd' });

function open<T>(extra?: Routes<T>) {
  return openAdmin('/dashboard/timetable', 'Timetable', {
    ...TIMETABLE_LISTS,
    'GET /user': { data: [FACULTY, SECOND_FACULTY, ADMIN] },
    [`GET ${DIVISION_PATH}`]: { data: [LECTURE, ODD_LAB, EVEN_LAB, ODD_LECTURE] },
    'GET /timetable?termid=t1&groupid=d2': { data: [] },
    'POST /timetable': (body: TimetableEntryInput) => ({
      status: 201,
      data: entry({ _id: 'new', ...body }),
      message: TIMETABLE_MESSAGES.created,
    }),
    ...extra,
  });
}

const day = (name: string) => within(screen.getByRole('region', { name }));
const addButton = (weekday: string, slot: string) => screen.queryByRole('button', { name: `Add a class on ${weekday} at ${slot}` });
const findAddButton = (weekday: string, slot: string) => screen.findByRole('button', { name: `Add a class on ${weekday} at ${slot}` });
const dialog = () => within(screen.getByRole('dialog'));
const select = (label: string) => dialog().getByLabelText(label) as HTMLSelectElement;
const toast = () => within(screen.getByRole('region', { name: 'Notifications' }));

describe('admin: Timetable, classes of odd or even weeks', () => {
  it('says odd weeks or even weeks on such a class, and offers Add beside a class of one of them', async () => {
    await open();
    await waitFor(() => expect(day('Tuesday').getByText('Data Structures')).toBeInTheDocument());
    const [, ten] = day('Monday').getAllByRole('listitem');
    expect(ten).toHaveTextContent('Digital Electronics Lab, odd weeksDivision 1 / Batch 1A · Demo Faculty');
    expect(ten).toHaveTextContent('Data Structures Lab, even weeksDivision 1 / Batch 1B · Demo Faculty');
    expect(
      screen.getByRole('button', { name: 'Edit Digital Electronics Lab, odd weeks, Division 1 / Batch 1A, Monday 10:00 - 11:00' }),
    ).toBeInTheDocument();
    expect(day('Tuesday').getAllByRole('listitem')[0]).toHaveTextContent('Data Structures Lecture, odd weeksDivision 1 · Demo Faculty');
    // The every-week lecture fills its cell; the odd-weeks lecture leaves the even weeks free.
    expect(addButton('Monday', '09:00 - 10:00')).not.toBeInTheDocument();
    expect(addButton('Tuesday', '09:00 - 10:00')).toBeInTheDocument();
  });

  it('adds a class of even weeks with Meets; every week (the first choice) sends no weeks', async () => {
    const { api, app } = await open();
    await app.user.click(await findAddButton('Tuesday', '09:00 - 10:00'));
    expect(optionNames(select('Meets'))).toEqual(['Every week', 'Odd weeks', 'Even weeks']);
    expect(select('Meets').value).toBe('');
    expect(select('Meets')).toHaveAccessibleDescription("Odd and even weeks are counted from the term's first day.");
    await waitFor(() => expect(optionNames(select('Faculty member'))).toHaveLength(4));
    await app.user.selectOptions(select('Course'), 'Digital Electronics');
    await app.user.selectOptions(select('Lecture or Lab'), 'Lecture');
    await app.user.selectOptions(select('Faculty member'), 'Second Faculty (faculty2@sams.local)');
    await app.user.selectOptions(select('Meets'), 'Even weeks');
    await app.user.click(dialog().getByRole('button', { name: 'Add class' }));
    expect(await toast().findByRole('status')).toHaveTextContent(TIMETABLE_MESSAGES.created);
    expect(api.callsTo('POST', '/timetable').map((call) => call.body)).toEqual([
      {
        termid: 't1',
        weekday: 2,
        slotid: 'slot9',
        courseid: 'c2',
        classKind: 'lecture',
        groupid: 'd1',
        facultyid: 'u-faculty2',
        weeks: 'even',
      },
    ]);
  });

  it('shows the server’s refusal when the term has no first day, in the dialog', async () => {
    const { app } = await open({ 'POST /timetable': { status: 400, message: TIMETABLE_MESSAGES.weeksNeedTermStart } });
    await app.user.click(await findAddButton('Tuesday', '09:00 - 10:00'));
    await waitFor(() => expect(optionNames(select('Faculty member'))).toHaveLength(4));
    await app.user.selectOptions(select('Course'), 'Data Structures');
    await app.user.selectOptions(select('Lecture or Lab'), 'Lecture');
    await app.user.selectOptions(select('Faculty member'), 'Demo Faculty (faculty@sams.local)');
    await app.user.selectOptions(select('Meets'), 'Odd weeks');
    await app.user.click(dialog().getByRole('button', { name: 'Add class' }));
    expect(await dialog().findByRole('alert')).toHaveTextContent(
      "Set the term's first day before adding a class that meets every other week",
    );
  });

  it('opens Edit with the class’s weeks, and sends weeks: null to make it every week (none when unchanged)', async () => {
    const patched = (body: TimetableEntryChange) => ({
      data: entry({ ...ODD_LAB, ...body, weeks: body.weeks ?? undefined }),
      message: 'ok',
    });
    const { api, app } = await open({ 'PATCH /timetable/e-odd': patched });
    const edit = () => app.user.click(screen.getByRole('button', { name: /^Edit Digital Electronics Lab, odd weeks/ }));
    await waitFor(() => expect(day('Monday').getByText('Digital Electronics')).toBeInTheDocument());
    await edit();
    await waitFor(() => expect(select('Course').value).toBe('c2'));
    expect(select('Meets').value).toBe('odd');
    await waitFor(() => expect(select('Faculty member').value).toBe('u-faculty'));
    await app.user.click(dialog().getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await edit();
    await waitFor(() => expect(select('Faculty member').value).toBe('u-faculty'));
    await app.user.selectOptions(select('Meets'), 'Every week');
    await app.user.click(dialog().getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.callsTo('PATCH', '/timetable/e-odd')).toHaveLength(2));
    const [unchanged, everyWeek] = api.callsTo('PATCH', '/timetable/e-odd').map((call) => call.body);
    const fields = { weekday: 1, slotid: 'slot10', courseid: 'c2', classKind: 'lab', groupid: 'b1', facultyid: 'u-faculty' };
    expect(unchanged).toEqual(fields);
    expect(everyWeek).toEqual({ ...fields, weeks: null });
  });
});
