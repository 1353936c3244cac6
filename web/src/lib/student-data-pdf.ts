import type { StudentData } from '@shared/schemas/student-data';
import { AUDIT_ACTIONS, JOB_ACTIONS } from '@shared/schemas/audit';
import { formatMoment } from './college-time';
import type { PdfTable, TablePdf } from './pdf/table-pdf';

/*
 * A student's data as a readable PDF's spec (docs/product.md §2.21): a line per fact about the student, then a table
 * per kind of item ('None' where there is nothing). Loaded with the PDF code, only when a PDF is asked for: the audit
 * words bring the schemas, which Home does not load.
 */

const NONE = ['None'];
const table = (head: string, columns: string[], rows: string[][]): PdfTable => ({
  head: [head, ...columns.slice(1)],
  body: rows.length ? rows : [[...NONE, ...columns.slice(1).map(() => '')]],
});
const moment = (iso: string | undefined) => (iso ? formatMoment(iso) : '');
const kind = (classKind: 'lecture' | 'lab') => (classKind === 'lecture' ? 'Lecture' : 'Lab');

/** The PDF: the student and their sign-in as lines, then a table per kind of item. */
export function studentDataPdf(data: StudentData): TablePdf {
  const { student, place, account, record, earlier, leave, checkIns, alerts, audit, dataRequest } = data;
  const about: PdfTable = {
    head: ['Student'],
    plain: true,
    body: [
      [`Name: ${student.name}`],
      [`Enrollment: ${student.enrollment}`],
      [`Email: ${student.email ?? ''}`],
      ...(student.dob ? [[`Date of birth: ${student.dob}`]] : []),
      [`Term: ${place.term}, ${place.semester}, ${place.division}, ${place.batch}`],
      ...(student.guardians ?? []).map((guardian) => [
        `Guardian: ${guardian.name} (${guardian.relation}) ${[guardian.email, guardian.phone].filter(Boolean).join(', ')}`,
      ]),
      [
        account
          ? `Sign-in: ${account.email}; last signed in ${moment(account.lastSignIn?.at) || 'never'}; ${account.sessions.length} device(s) signed in now`
          : 'Sign-in: none',
      ],
      [dataRequest ? `Data request: ${dataRequest.status}, asked ${moment(dataRequest.requestedAt)}` : 'Data request: none'],
    ],
  };
  const standingOf = (courses: StudentData['record']['courses']) =>
    table(
      'Course',
      ['Course', 'Kind', 'Attended', 'Held', 'Percentage'],
      courses.map((one) => [
        one.course,
        kind(one.classKind),
        String(one.attended),
        String(one.held),
        one.percentage === null ? '' : `${one.percentage}%`,
      ]),
    );
  const sessionsOf = (head: string, sessions: StudentData['record']['sessions']) =>
    table(
      head,
      ['Date', 'Course', 'Slot', 'Status', 'Corrected'],
      sessions.map((one) => [
        one.date,
        `${one.course} (${kind(one.classKind)})`,
        one.slot,
        one.status,
        one.corrected ? `${moment(one.corrected.at)}: ${one.corrected.reason ?? ''}` : '',
      ]),
    );
  const standing = standingOf(record.courses);
  const sessions = sessionsOf('Class (date)', record.sessions);
  // Earlier semesters' marks, when the student changed term: their own tables.
  const earlierTables = earlier.sessions.length
    ? [
        { ...standingOf(earlier.courses), head: ['Earlier course', 'Kind', 'Attended', 'Held', 'Percentage'] },
        sessionsOf('Earlier class (date)', earlier.sessions),
      ]
    : [];
  const leaveTable = table(
    'Leave (from)',
    ['From', 'To', 'Kind', 'Reason', 'Status'],
    leave.map((one) => [one.from, one.to, one.kind, one.reason, one.status]),
  );
  const checkInTable = table(
    'Check-in (date)',
    ['Date', 'Class', 'At', 'Flags'],
    checkIns.map((one) => [one.date, `${one.course} (${kind(one.classKind)}) ${one.slot}`, moment(one.at), one.flags.join(', ')]),
  );
  const alertTable = table(
    'Alert email',
    ['Alert', 'Period', 'To', 'State'],
    alerts.map((one) => [one.job, one.period, one.to, one.state]),
  );
  const trail = table(
    'Audit entry (when)',
    ['When', 'Who', 'What'],
    audit.map((entry) => [
      moment(entry.at),
      `${entry.by.username} (${entry.by.role})`,
      AUDIT_ACTIONS[entry.action] ?? JOB_ACTIONS[entry.action] ?? entry.action,
    ]),
  );
  return {
    title: `${data.college}: the data SAMS holds about ${student.name} (${student.enrollment}), ${moment(data.exportedAt)}`,
    subject: `Data of ${student.enrollment}`,
    before: [about, standing, sessions, ...earlierTables, leaveTable, checkInTable, alertTable],
    ...trail,
  };
}
