import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Student } from '@shared/schemas/structure';
import type { StudentData } from '@shared/schemas/student-data';
import { db, queryAll, tableName } from '../db';
import { NotFound } from '../domain-errors';
import { checkInClassOfKey, checkInsOfStudent } from '../entities/check-in';
import { userProfile } from '../entities/user';
import { alertsAbout, type Key } from '../keys';
import { leaveApplicationOf } from '../entities/leave';
import { marksIn, studentRecord } from '../reports/student-record';
import { auditOfPerson } from '../repositories/audit';
import { getDataRequest } from '../repositories/data-requests';
import { leavesOfStudent } from '../repositories/leaves';
import { listLoginSessions } from '../repositories/login-sessions';
import { getSettings } from '../repositories/settings';
import { lastSignInOf, type SignInFields } from '../repositories/sign-in-records';
import { getNodes } from '../repositories/structure';
import { getStudent, type StudentItem } from '../repositories/students';
import { everyCourse } from './scrub';

/**
 * Everything SAMS holds about one student (docs/product.md §2.21), each kind of item named for a reader: the record
 * and its place, their sign-in, marks and corrections (their record, and their marks of earlier semesters: every
 * course's summaries are read to find them), leave, check-ins, alerts sent to them or their
 * guardians about them, the audit trail's entries about them and by them, and their data request. A Query or two
 * per kind: check-ins, alerts and the trail's entries are indexed by student.
 */
export async function studentData(id: string, asAnswer: (student: StudentItem) => Student): Promise<StudentData> {
  const student = await getStudent(id);
  if (!student) throw new NotFound('Student not found');
  const [settings, [term, semester, division, batch], account, record, leave, checkIns, alerts, audit, dataRequest, courses] =
    await Promise.all([
      getSettings(),
      getNodes([
        ['term', student.termid],
        ['semester', student.semid],
        ['division', student.divisionid],
        ['batch', student.batchid],
      ]),
      accountOf(id),
      studentRecord(id, {}),
      leavesOfStudent(id),
      checkInsOf(id),
      alertsOf(id),
      auditOfPerson(id),
      getDataRequest(id),
      everyCourse(),
    ]);
  const { sessions, courses: standings } = await marksIn(
    id,
    courses.filter((course) => course.semid !== student.semid),
    settings,
  );
  return {
    exportedAt: new Date().toISOString(),
    college: settings.collegeName,
    student: asAnswer(student),
    place: { term: term?.name ?? '', semester: semester?.name ?? '', division: division?.name ?? '', batch: batch?.name ?? '' },
    account,
    record,
    earlier: { courses: standings, sessions },
    leave: leave.records.map(leaveApplicationOf),
    checkIns,
    alerts,
    audit,
    dataRequest,
  };
}

async function accountOf(id: string): Promise<StudentData['account']> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: userProfile(id), ConsistentRead: true }));
  const profile = Item as (SignInFields & { role: string; email: string; invitedAt?: string }) | undefined;
  if (profile?.role !== 'student') return null;
  const lastSignIn = lastSignInOf(profile);
  const sessions = await listLoginSessions(id, '');
  return {
    email: profile.email,
    ...(profile.invitedAt ? { invitedAt: profile.invitedAt } : {}),
    ...(lastSignIn ? { lastSignIn } : {}),
    sessions: sessions.map(({ device, signedInAt, lastSeenAt }) => ({ device, signedInAt, lastSeenAt })),
  };
}

interface StoredCheckIn extends Key {
  at: string;
  flags?: Set<string>;
}

async function checkInsOf(id: string): Promise<StudentData['checkIns']> {
  const items = await queryAll<StoredCheckIn>(checkInsOfStudent(id));
  const classes = items.map(checkInClassOfKey);
  const names = new Map(
    (
      await getNodes([
        ...[...new Set(classes.map((one) => one.courseid))].map((courseid): ['course', string] => ['course', courseid]),
        ...[...new Set(classes.map((one) => one.slotid))].map((slotid): ['slot', string] => ['slot', slotid]),
      ])
    ).flatMap((node) => (node ? [[node._id, node.name] as const] : [])),
  );
  return items.map((item, at) => {
    const { date, courseid, slotid, classKind } = classes[at]!;
    const flags = [...(item.flags ?? [])].sort();
    return { date, course: names.get(courseid) ?? courseid, slot: names.get(slotid) ?? slotid, classKind, at: item.at, flags };
  });
}

interface StoredAlert {
  job: string;
  period: string;
  recipient: string;
  state: string;
  sentAt?: string;
}

async function alertsOf(id: string): Promise<StudentData['alerts']> {
  const items = await queryAll<StoredAlert>(alertsAbout(id));
  return items.map(({ job, period, recipient, state, sentAt }) => ({
    job,
    period,
    to: recipient.startsWith('guardian#') ? recipient.slice('guardian#'.length) : 'the student',
    state,
    ...(sentAt ? { sentAt } : {}),
  }));
}
