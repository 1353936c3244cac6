import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { collegeToday } from '@tests/support/college-time';
import { TIMETABLE_MESSAGES } from '@shared/schemas/timetable';
import { columnNames, loadAdminScreens, main, openAdmin, rowTexts } from './support/admin';
import { mockApi } from './support/fake-api';
import { ACTIVE_TERMS, ADMIN, signedInAs } from './support/fixtures';
import { renderApp } from './support/render-app';
import { entry, LAB, LECTURE, named } from './support/timetable';
import { captureDownloads, textOf } from './support/view-attendance';

loadAdminScreens();

/*
 * Not marked (docs/product.md §3), admins: the classes of a date's timetable with no attendance yet, today
 * (college time) to start with: those ended (overdue) and, apart, those later today; who teaches each, a
 * link to mark it; Download CSV of the overdue ones.
 */

const TODAY = collegeToday();
const OTHER_TEACHER = entry({ _id: 'e3', slotid: 'slot10', faculty: { _id: 'u-x', username: 'Prof, "Quote"' }, facultyid: 'u-x' });

const open = () =>
  openAdmin('/dashboard/notmarked', 'Not marked', {
    [`GET /attendance/missing?date=${TODAY}`]: { data: { overdue: [named(LECTURE)], later: [named(LAB)] } },
    'GET /attendance/missing?date=2026-11-20': { data: { overdue: [named(OTHER_TEACHER)], later: [] } },
    'GET /attendance/missing?date=2026-11-21': { data: { overdue: [], later: [] }, message: TIMETABLE_MESSAGES.allMarked },
    'GET /attendance/missing?date=2099-11-20': { data: { overdue: [], later: [named(LECTURE)] }, message: TIMETABLE_MESSAGES.noneOverdue },
  });
const dateField = () => main().getByLabelText('Date') as HTMLInputElement;
const table = () => main().findByRole('table', { name: new RegExp(TIMETABLE_MESSAGES.missing) });
const laterTable = (name = 'Later today') => main().findByRole('table', { name });

describe('admin: Not marked', () => {
  it("lists today's overdue classes not marked (slot, course, kind, group, who teaches it), and apart those later today", async () => {
    await open();
    expect(dateField().value).toBe(TODAY);
    expect(columnNames(await table())).toEqual(['Slot', 'Course', 'Kind', 'Group', 'Faculty', 'Actions']);
    expect(rowTexts(await table())).toEqual([['09:00 - 10:00', 'Data Structures', 'Lecture', 'Division 1', 'Demo Faculty', 'Mark']]);
    expect(main().getByText('1 class not marked')).toBeInTheDocument();
    expect(
      main()
        .getAllByRole('heading', { level: 2 })
        .map((heading) => heading.textContent),
    ).toEqual([`${TIMETABLE_MESSAGES.missing}, ${TODAY}`, 'Later today']);
    expect(rowTexts(await laterTable())).toEqual([
      ['10:00 - 11:00', 'Digital Electronics', 'Lab', 'Division 1 / Batch 1A', 'Demo Faculty', 'Mark'],
    ]);
    expect(main().getByText('1 class not ended yet')).toBeInTheDocument();
  });

  it('links each class to its marking form, as Today and the reminder email do', async () => {
    await open();
    const mark = within(await table()).getByRole('link', { name: 'Mark Data Structures (Lecture, Division 1) in slot 09:00 - 10:00' });
    const href = new URL(mark.getAttribute('href')!, 'http://localhost');
    expect(href.pathname).toBe(`/students/${LECTURE.groupid}`);
    expect(Object.fromEntries(href.searchParams)).toEqual({
      extraData: 'Data Structures / Lecture / 09:00 - 10:00 / Division 1',
      termid: LECTURE.termid,
      semid: LECTURE.semid,
      courseid: LECTURE.courseid,
      kind: '1',
      slot: LECTURE.slotid,
    });
    const later = within(await laterTable()).getByRole('link', { name: /^Mark Digital Electronics \(Lab/ });
    expect(later.getAttribute('href')).toMatch(/^\/students\/b1\?/);
  });

  it('says when no class of a date is overdue yet, and lists those still to come', async () => {
    await open();
    await table();
    fireEvent.change(dateField(), { target: { value: '2099-11-20' } });
    expect(await main().findByText(TIMETABLE_MESSAGES.noneOverdue)).toBeInTheDocument();
    expect(rowTexts(await laterTable('Still to come'))).toEqual([
      ['09:00 - 10:00', 'Data Structures', 'Lecture', 'Division 1', 'Demo Faculty', 'Mark'],
    ]);
    expect(main().queryByRole('button', { name: 'Download CSV' })).not.toBeInTheDocument();
  });

  it('reads another date when the date changes, and says when every class of it is marked', async () => {
    const { api } = await open();
    await table();
    fireEvent.change(dateField(), { target: { value: '2026-11-20' } });
    await waitFor(async () =>
      expect(rowTexts(await table())).toEqual([['10:00 - 11:00', 'Data Structures', 'Lecture', 'Division 1', 'Prof, "Quote"', 'Mark']]),
    );
    expect(api.callsTo('GET', '/attendance/missing?date=2026-11-20')).toHaveLength(1);

    fireEvent.change(dateField(), { target: { value: '2026-11-21' } });
    expect(await main().findByText(TIMETABLE_MESSAGES.allMarked)).toBeInTheDocument();
    expect(main().queryByRole('button', { name: 'Download CSV' })).not.toBeInTheDocument();
    expect(main().queryByRole('heading', { name: 'Later today' })).not.toBeInTheDocument();
  });

  it('asks nothing for a date that is not a real one, and says so', async () => {
    const { api } = await open();
    await table();
    const before = api.calls.length;
    fireEvent.change(dateField(), { target: { value: '' } });
    expect(dateField()).toHaveAccessibleDescription('Enter a real date as YYYY-MM-DD');
    expect(main().queryByRole('table')).not.toBeInTheDocument();
    expect(api.calls.slice(before).filter((call) => call.path.startsWith('/attendance/missing'))).toHaveLength(0);
  });

  it('downloads the list as CSV, named by the date, quoted where needed', async () => {
    const { app } = await open();
    await table();
    fireEvent.change(dateField(), { target: { value: '2026-11-20' } });
    await waitFor(async () => expect(rowTexts(await table())[0]![4]).toBe('Prof, "Quote"'));
    const saved = captureDownloads();
    await app.user.click(main().getByRole('button', { name: 'Download CSV' }));
    expect(saved.map(({ name }) => name)).toEqual(['2026-11-20 Not marked.csv']);
    expect(saved[0]!.blob.type).toBe('text/csv;charset=utf-8');
    expect(await textOf(saved[0]!.blob)).toBe(
      '\uFEFFSlot,Course,Kind,Group,Faculty\r\n10:00 - 11:00,Data Structures,Lecture,Division 1,"Prof, ""Quote"""\r\n',
    );
  });

  it("a failed load shows the server's message", async () => {
    await openAdmin('/dashboard/notmarked', 'Not marked', {
      [`GET /attendance/missing?date=${TODAY}`]: { status: 503, message: 'The service is busy right now.' },
    });
    expect(await main().findByRole('alert')).toHaveTextContent('The service is busy right now.');
  });

  it("is reached from the admin's Home count", async () => {
    mockApi({
      ...signedInAs(ADMIN),
      ...ACTIVE_TERMS,
      [`GET /attendance/missing?date=${TODAY}`]: { data: { overdue: [named(LECTURE)], later: [] } },
    });
    const app = renderApp('/');
    await app.user.click(await screen.findByRole('link', { name: /1 class not marked today/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Not marked' })).toBeInTheDocument();
    expect(app.location().pathname).toBe('/dashboard/notmarked');
    expect(rowTexts(await table())).toEqual([['09:00 - 10:00', 'Data Structures', 'Lecture', 'Division 1', 'Demo Faculty', 'Mark']]);
  });
});
