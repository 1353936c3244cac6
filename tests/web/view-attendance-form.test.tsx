import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  button,
  DATE_PATH,
  field,
  fill,
  LECTURE,
  openView,
  optionTexts,
  presentAt,
  PRESENT,
  RANGE_PATH,
  REPORT,
} from './support/view-attendance';

describe('view attendance: the form', () => {
  it('has the documented fields, named and labelled; semesters of the first active term; the term slots', async () => {
    const { api } = openView();
    expect(await screen.findByRole('heading', { level: 1, name: 'View Attendance' })).toBeInTheDocument();
    await screen.findByRole('option', { name: 'Semester 3' });
    const names: Record<string, string> = {
      Semester: 'semester_id',
      Course: 'course_id',
      Slot: 'slot_id',
      'Slot count': 'slot_count',
      'Start Date': 'date',
      'End Date (optional)': 'enddate',
    };
    for (const [label, name] of Object.entries(names)) expect(field(label).name).toBe(name);
    expect(field('Start Date').type).toBe('date');
    expect(field('End Date (optional)').type).toBe('date');
    expect(optionTexts('Semester')).toEqual(['Choose a semester', 'Semester 3', 'Semester 5']);
    expect(optionTexts('Slot count')).toEqual(['Lecture or Lab', 'Lecture', 'Lab']);
    expect([...field('Slot count').options].map((option) => option.value)).toEqual(['', 'lecture', 'lab']);
    await waitFor(() => expect(optionTexts('Slot')).toEqual(['Choose a slot', '09:00 - 10:00', '10:00 - 11:00']));
    expect(api.callsTo('GET', '/semester/t9')).toHaveLength(0);
    expect(button('Get Attendance')).toHaveAttribute('type', 'submit');
    expect(button('Get Percentage')).toHaveAttribute('type', 'submit');
  });

  it('choosing a semester loads its courses with the first preselected; another semester preselects its own first', async () => {
    const { app, api } = openView();
    await screen.findByRole('option', { name: 'Semester 3' });
    expect(field('Course').value).toBe('');
    expect(api.callsTo('GET', '/course/s3')).toHaveLength(0);

    await app.user.selectOptions(field('Semester'), 'Semester 3');
    await waitFor(() => expect(field('Course').value).toBe('c1'));
    expect(optionTexts('Course')).toEqual(['Choose a course', 'Data Structures', 'Digital Electronics']);
    await app.user.selectOptions(field('Course'), 'Digital Electronics');
    expect(field('Course').value).toBe('c2');

    await app.user.selectOptions(field('Semester'), 'Semester 5');
    await waitFor(() => expect(field('Course').value).toBe('c5'));
    expect(optionTexts('Course')).toEqual(['Choose a course', 'Operating Systems']);
  });

  it("says 'No course found' for a semester without courses", async () => {
    const { app } = openView({ 'GET /course/s5': { data: [], message: 'No course found' } });
    await fill(app, {});
    await app.user.selectOptions(field('Semester'), 'Semester 5');
    expect(await screen.findByText('No course found')).toBeInTheDocument();
    expect(field('Course').value).toBe('');
  });

  it("says 'No term found' when no term is active", async () => {
    openView({ 'GET /term/active': { data: [], message: 'No term found' } });
    expect(await screen.findByText('No term found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Get Attendance' })).not.toBeInTheDocument();
  });
});

describe('view attendance: validation (docs/product.md §5)', () => {
  it('requires semester, course, slot (Get Attendance), slot count and start date; sends nothing until they are given', async () => {
    const { app, api } = openView();
    await screen.findByRole('option', { name: 'Semester 3' });
    await app.user.click(button('Get Attendance'));

    expect(await screen.findByText('Please select a semester')).toBeInTheDocument();
    expect(screen.getByText('Please select a course')).toBeInTheDocument();
    expect(screen.getByText('Please select a slot to see attendance by date')).toBeInTheDocument();
    expect(screen.getByText('Please select Lecture or Lab')).toBeInTheDocument();
    expect(screen.getByText('Please choose a start date')).toBeInTheDocument();
    expect(field('Semester')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Semester')).toHaveAccessibleDescription('Please select a semester');
    expect(field('Start Date')).toHaveAccessibleDescription('Please choose a start date');
    expect(field('Semester')).toHaveFocus();
    expect(field('End Date (optional)')).not.toHaveAttribute('aria-invalid');

    // Fixing a field clears its message; the others stay.
    await fill(app, { semester: 'Semester 3', slot: '09:00 - 10:00', kind: 'Lecture' });
    expect(screen.queryByText('Please select a semester')).not.toBeInTheDocument();
    await app.user.click(button('Get Percentage'));
    expect(screen.getByText('Please choose a start date')).toBeInTheDocument();
    expect(screen.queryByText('Please select a course')).not.toBeInTheDocument();
    expect(field('Start Date')).toHaveFocus();

    expect(api.calls.filter((call) => call.path.startsWith('/attendance'))).toEqual([]);
  });

  it.each(['Get Percentage', 'Get Attendance'])('%s refuses an end date before the start date', async (name) => {
    const { app, api } = openView();
    await fill(app, { ...LECTURE, enddate: '2026-11-01' });
    await app.user.click(button(name));
    expect(await screen.findByText('The end date must not be before the start date')).toBeInTheDocument();
    expect(field('End Date (optional)')).toHaveFocus();
    expect(api.calls.filter((call) => call.path.startsWith('/attendance'))).toEqual([]);
  });

  it('Get Attendance takes at most 31 days (Get Percentage any range); an end date equal to the start reads that date alone', async () => {
    const long = '/attendance/criteria?startdate=2026-09-01&enddate=2026-11-20&slotid=slot9&slotcount=1&courseid=c1';
    const { app, api } = openView({ [`GET ${long}` as const]: { data: REPORT }, [`GET ${DATE_PATH}` as const]: { data: [] } });
    await fill(app, { ...LECTURE, date: '2026-09-01', enddate: '2026-11-20' });
    await app.user.click(button('Get Attendance'));
    expect(
      await screen.findByText('Get Attendance shows at most 31 days: choose an end date closer to the start date'),
    ).toBeInTheDocument();
    expect(field('End Date (optional)')).toHaveFocus();
    expect(api.calls.filter((call) => call.path.startsWith('/attendance'))).toEqual([]);

    await app.user.click(button('Get Percentage'));
    await waitFor(() => expect(api.callsTo('GET', long)).toHaveLength(1));

    await fill(app, { date: '2026-11-20', enddate: '2026-11-20' });
    await app.user.click(button('Get Attendance'));
    await waitFor(() => expect(api.callsTo('GET', DATE_PATH)).toHaveLength(1));
  });

  it('Get Percentage needs no slot; Get Attendance asks for one', async () => {
    const { app, api } = openView();
    await fill(app, { semester: 'Semester 3', kind: 'Lecture', date: '2026-11-20' });
    expect(field('Slot')).not.toBeRequired();
    expect(field('Slot')).toHaveAccessibleDescription(
      'Needed by Get Attendance. Get Percentage without a slot counts every slot of the course.',
    );
    await app.user.click(button('Get Attendance'));
    expect(await screen.findByText('Please select a slot to see attendance by date')).toBeInTheDocument();
    expect(field('Slot')).toHaveFocus();
    expect(api.calls.filter((call) => call.path.startsWith('/attendance'))).toEqual([]);
  });
});

describe('view attendance: the queries sent', () => {
  it('Get Attendance: GET attendance with date, slot, kind and course; Enter in a field does the same', async () => {
    const { app, api } = openView({ [`GET ${DATE_PATH}` as const]: { data: presentAt(PRESENT, 1) } });
    await fill(app, LECTURE);
    await app.user.click(button('Get Attendance'));
    await screen.findByRole('table');
    expect(api.callsTo('GET', DATE_PATH)).toHaveLength(1);

    await app.user.type(field('Start Date'), '{Enter}');
    await waitFor(() => expect(api.callsTo('GET', DATE_PATH)).toHaveLength(2));
  });

  it('Get Percentage: GET attendance/criteria with startdate, enddate, slot, kind and course; no enddate when left empty, no slot when none chosen', async () => {
    const single = '/attendance/criteria?startdate=2026-11-20&slotcount=2&courseid=c2';
    const { app, api } = openView({ [`GET ${RANGE_PATH}` as const]: { data: REPORT }, [`GET ${single}` as const]: { data: REPORT } });
    await fill(app, { ...LECTURE, date: '2026-11-02', enddate: '2026-11-20' });
    await app.user.click(button('Get Percentage'));
    await screen.findByRole('table');
    expect(api.callsTo('GET', RANGE_PATH)).toHaveLength(1);

    await fill(app, { course: 'Digital Electronics', kind: 'Lab', date: '2026-11-20', enddate: '' });
    await app.user.selectOptions(field('Slot'), 'Choose a slot');
    await app.user.click(button('Get Percentage'));
    await waitFor(() => expect(api.callsTo('GET', single)).toHaveLength(1));
  });

  it('a lecture can be filtered to one division (groupid), a lab to one batch, listed under its division', async () => {
    const lecture = `${DATE_PATH}&groupid=d2`;
    const lab = '/attendance/criteria?startdate=2026-11-20&slotid=slot9&slotcount=2&courseid=c1&groupid=b1b';
    const { app, api } = openView({
      [`GET ${lecture}` as const]: { data: [] },
      [`GET ${lab}` as const]: { data: { totalLecture: 0, studentData: [] } },
    });
    await screen.findByRole('option', { name: 'Semester 3' });
    expect(field('Division or batch (optional)')).toBeDisabled();

    await fill(app, { ...LECTURE, group: 'Division 2' });
    expect(optionTexts('Division (optional)')).toEqual(['All divisions', 'Division 1', 'Division 2']);
    await app.user.click(button('Get Attendance'));
    await waitFor(() => expect(api.callsTo('GET', lecture)).toHaveLength(1));

    await fill(app, { kind: 'Lab', group: 'Batch 1B' });
    const batches = field('Batch (optional)');
    expect(within(batches).getByRole('group', { name: 'Division 1' })).toBeInTheDocument();
    expect(optionTexts('Batch (optional)')).toEqual(['All batches', 'Batch 1A', 'Batch 1B', 'Batch 2A']);
    await app.user.click(button('Get Percentage'));
    await waitFor(() => expect(api.callsTo('GET', lab)).toHaveLength(1));
  });
});
