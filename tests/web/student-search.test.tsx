import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { STUDENT_SEARCH_MESSAGES as M, type StudentMatch } from '@shared/schemas/student-search';
import type { Routes } from './support/fake-api';
import { loadAdminScreens, openAdmin } from './support/admin';
import { DIYA_RECORD, main, openReports } from './support/reports';

/*
 * Finding a student by name or enrollment (GET student/search) on Reports and on the Student screen:
 * checked before it is sent, the outcome read out, each student a link to their record.
 */

loadAdminScreens();
beforeAll(() => import('@web/features/reports/components/reports-page'));

const PRIYA: StudentMatch = {
  _id: 'st7',
  enrollment: '25CE007',
  name: 'प्रिया शर्मा',
  termid: 't1',
  semid: 's3',
  semester: 'Semester 3',
  divisionid: 'd1',
  division: 'Division 1',
  batchid: 'b2',
  batch: 'Batch 1B',
};
const DIYA: StudentMatch = { ...PRIYA, _id: 'st2', enrollment: '25CE002', name: 'Diya Shah', batchid: 'b1', batch: 'Batch 1A' };

/** The fake API's key of a search in the active term (t1), as the client spells its query. */
const searchKey = (q: string) => `GET /student/search?${new URLSearchParams({ q, termid: 't1' })}`;
const searchBox = () => main().getByRole('searchbox', { name: 'Find a student' });
/** The box, once the term it searches has loaded (it shows then). */
const searchBoxShown = () => main().findByRole('searchbox', { name: 'Find a student' });
const found = () => within(main().getByRole('list', { name: 'Students found' }));
const outcome = () => main().getByRole('search').parentElement!.querySelector('[aria-live="polite"]')!;

describe('student search on Reports', () => {
  it('says under the box when the text is too short, and sends nothing', async () => {
    const { app, api } = await openReports();
    await app.user.type(await searchBoxShown(), ' प ');
    await app.user.click(main().getByRole('button', { name: 'Search' }));
    expect(searchBox()).toHaveAccessibleDescription(expect.stringContaining(M.tooShort));
    expect(searchBox()).toHaveFocus();
    expect(api.calls.filter((call) => call.path.startsWith('/student/search'))).toEqual([]);
    // Typing again clears the message.
    await app.user.type(searchBox(), 'र');
    expect(searchBox()).not.toHaveAccessibleDescription(expect.stringContaining(M.tooShort));
  });

  it('finds a student in any script in the current term and opens their record, keeping the list to go back to', async () => {
    const { app, api } = await openReports({
      [searchKey('प्रिया')]: { data: { students: [PRIYA], more: false }, message: M.found },
      'GET /report/student/st7': { data: { ...DIYA_RECORD, student: { ...DIYA_RECORD.student, _id: 'st7', name: 'प्रिया शर्मा' } } },
    } as Routes<Record<string, never>>);
    await app.user.type(await searchBoxShown(), '  प्रिया  ');
    await app.user.keyboard('{Enter}');
    const link = await found().findByRole('link', { name: 'प्रिया शर्मा' });
    expect(outcome()).toHaveTextContent('1 student found');
    expect(found().getByRole('listitem')).toHaveTextContent('25CE007');
    expect(found().getByRole('listitem')).toHaveTextContent('Semester 3 · Division 1 · Batch 1B');
    expect(api.callsTo('GET', `/student/search?${new URLSearchParams({ q: 'प्रिया', termid: 't1' })}`)).toHaveLength(1);

    await app.user.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: "Student's record" })).toBeInTheDocument();
    expect(app.location().pathname).toBe('/reports/student/st7');
    expect(main().getByRole('link', { name: '‹ Back to the defaulter list' })).toHaveAttribute('href', '/reports');
  });

  it('says when nobody matches, when only the first 20 are shown, and offers Try again after a failure', async () => {
    let failing = true;
    const { app } = await openReports({
      [searchKey('zz')]: { data: { students: [], more: false }, message: M.none },
      [searchKey('25ce')]: { data: { students: [PRIYA, DIYA], more: true }, message: M.found },
      [searchKey('oops')]: () => (failing ? { status: 503, message: 'Service unavailable' } : { data: { students: [DIYA], more: false } }),
    } as Routes<Record<string, never>>);
    await app.user.type(searchBox(), 'zz{Enter}');
    await waitFor(() => expect(outcome()).toHaveTextContent(M.none));

    await app.user.clear(searchBox());
    await app.user.type(searchBox(), '25ce{Enter}');
    await waitFor(() =>
      expect(outcome()).toHaveTextContent('2 students found: the first 20. Type more of the name or enrollment to narrow it.'),
    );
    expect(
      found()
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['प्रिया शर्मा', 'Diya Shah']);

    await app.user.clear(searchBox());
    await app.user.type(searchBox(), 'oops{Enter}');
    const alert = await main().findByRole('alert', {}, { timeout: 4000 });
    expect(alert).toHaveTextContent('Service unavailable');
    failing = false;
    await app.user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await found().findByRole('link', { name: 'Diya Shah' })).toBeInTheDocument();
  });
});

describe('student search on the Student screen', () => {
  it('searches the chosen term; Show batch chooses the student’s batch and lists it', async () => {
    const { app, api } = await openAdmin('/dashboard/student', 'Student', {
      [searchKey('diya')]: { data: { students: [DIYA], more: false } },
      'GET /student/b1': { data: [] },
      'GET /student/b2': { data: [] },
    } as Routes<Record<string, never>>);
    await waitFor(() => expect(main().getByLabelText('Batch')).toHaveValue('b1'));
    await app.user.selectOptions(main().getByLabelText('Batch'), 'b2');
    await app.user.type(searchBox(), 'diya{Enter}');
    expect(await found().findByRole('link', { name: 'Diya Shah' })).toHaveAttribute('href', '/reports/student/st2');

    await app.user.click(found().getByRole('button', { name: 'Show batch 25CE002 Diya Shah' }));
    await waitFor(() => expect(main().getByLabelText('Batch')).toHaveValue('b1'));
    const heading = await main().findByRole('heading', { level: 2, name: 'Students of Batch 1A (Semester 3)' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(api.callsTo('GET', '/student/b1').length).toBeGreaterThan(0);
  });
});
