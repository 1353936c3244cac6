import type { AttendanceStatus } from '@shared/schemas/attendance';
import type { ClassKind } from '@shared/schemas/wire-names';
import { batchGet } from '../batch';
import { queryAll } from '../db';
import {
  carriesStatuses,
  classSessionKey,
  classSessionOf,
  classSessionsOfCourse,
  placeOfItem,
  type ClassSession,
  type ClassSessionPlace,
  type StoredClassSession,
} from '../entities/class-session';
import { STORED_KIND } from '../entities/stored-kind';

/** One student's status at one class session, as their record lists it. */
export interface StudentMark extends ClassSessionPlace {
  status: AttendanceStatus;
}

/**
 * One student's marks in a course and kind between two dates, at the class sessions of these groups: one
 * Query, filtered by group, that reads back only the dates, slots and the student's own status (a
 * class session an older release stored without statuses is read whole, by one batch read per 100).
 */
export async function marksOfStudent(query: {
  studentId: string;
  courseid: string;
  classKind: ClassKind;
  from: string;
  to: string;
  groupids: string[];
}): Promise<StudentMark[]> {
  const groups = query.groupids.map((_, at) => `:g${at}`);
  const items = await queryAll<StoredClassSession>(classSessionsOfCourse(query.courseid, query.classKind, query.from, query.to), {
    FilterExpression: `groupid IN (${groups.join(', ')})`,
    ProjectionExpression: `pk, sk, courseid, ${STORED_KIND}, #date, slotid, groupid, shape, version, statuses.#student`,
    ExpressionAttributeNames: { '#date': 'date', '#student': query.studentId },
    ExpressionAttributeValues: Object.fromEntries(query.groupids.map((id, at) => [`:g${at}`, id])),
  });
  const older = await batchGet<StoredClassSession>(
    items.filter((item) => !carriesStatuses(item)).map((item) => classSessionKey(placeOfItem(item))),
  );
  const sessions: (ClassSessionPlace & Partial<Pick<ClassSession, 'statuses'>>)[] = [
    ...items.filter(carriesStatuses).map((item) => ({ ...placeOfItem(item), statuses: item.statuses })),
    ...older.map(classSessionOf),
  ];
  return sessions.flatMap(({ courseid, classKind, date, slotid, groupid, statuses }) => {
    const status = statuses?.[query.studentId];
    return status ? [{ courseid, classKind, date, slotid, groupid, status }] : [];
  });
}
