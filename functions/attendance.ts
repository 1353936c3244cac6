import {
  CORRECTED,
  CORRECTION_CONFLICT,
  MARK_ALREADY_STORED,
  NOT_FOUND,
  SESSION_NOT_FOUND,
  wasThere,
  type AttendanceRecord,
  type MarkedClassSession,
  type PercentageReport,
} from '@shared/schemas/attendance';
import { CHECK_IN_MESSAGES } from '@shared/schemas/check-in';
import { SETTINGS_MESSAGES } from '@shared/schemas/settings';
import { TIMETABLE_MESSAGES } from '@shared/schemas/timetable';
import { ATTENDANCE_REQUESTS } from '@shared/requests/attendance';
import { assertMayCorrect, correctedClassSession } from './lib/attendance/corrections';
import { markOnce } from './lib/attendance/mark-once';
import { checkInStudent } from './lib/check-in/student';
import { checkInView, closeForClass, openForClass } from './lib/check-in/teacher';
import { dateReport, percentageReport, rangeReport } from './lib/attendance/reports';
import { classSessionView } from './lib/attendance/session-view';
import { Conflict, NotFound } from './lib/domain-errors';
import { resource } from './lib/http/resource';
import { securityEvent } from './lib/http/security-events';
import { classSessionsOn, getClassSession, getClassSessionWithSettings, saveCorrection } from './lib/repositories/attendance';
import { historyOf } from './lib/repositories/attendance-history';
import { getSettings, updateSettings } from './lib/repositories/settings';
import { notMarkedOn } from './lib/timetable/classes';

/**
 * Attendance resource: marking a class session exactly once, correcting it with a history, the view
 * by date (or day by day over up to 31 days), percentages over a range (all slots or one), the
 * timetable's classes not yet marked on a date, check-in (docs/product.md §2.18), and the college's settings
 * that rule marking, corrections and percentages (docs/product.md §4–§6).
 */
export const handler = resource('attendance', ATTENDANCE_REQUESTS, {
  'POST /attendance': async (request) => {
    const { classSession, replayed, backdated } = await markOnce(request.body, request.user);
    // The logged field keeps its name: `sessionId` is the class session's `_id`, not a login session's.
    if (backdated) securityEvent('backdated mark', request, { sessionId: classSession._id, date: classSession.date });
    const data: MarkedClassSession = {
      _id: classSession._id,
      version: classSession.version,
      date: classSession.date,
      groupid: classSession.groupid,
      present: Object.values(classSession.statuses).filter(wasThere).length,
      expected: classSession.expected.length,
    };
    if (replayed) return { status: 200, data, message: MARK_ALREADY_STORED };
    return { status: 201, data, message: 'Attendance marked successfully' };
  },

  'GET /attendance': async ({ query }) => {
    const { date, enddate, slotid, classKind, courseid, groupid } = query;
    if (enddate && enddate !== date) {
      const days = await rangeReport({ courseid, classKind, slotid, from: date, to: enddate, groupid });
      if (days.length === 0) return { data: [], message: NOT_FOUND };
      const records = days.map(({ date: day, ...report }): AttendanceRecord => ({ date: day, courseid, slotid, classKind, ...report }));
      return { data: records, message: 'Attendance data' };
    }
    const classSessions = await classSessionsOn({ courseid, classKind, date, slotid, groupid });
    if (classSessions.length === 0) return { data: [], message: NOT_FOUND };
    const record: AttendanceRecord = { date, courseid, slotid, classKind, ...(await dateReport(classSessions)) };
    return { data: [record], message: 'Attendance data' };
  },

  'GET /attendance/criteria': async ({ query }) => {
    const { startdate, enddate, slotid, classKind, courseid, groupid } = query;
    const report = await percentageReport({ courseid, classKind, from: startdate, to: enddate ?? startdate, groupid, slotid });
    if (!report) return { data: { totalLecture: 0, studentData: [] } satisfies PercentageReport, message: NOT_FOUND };
    return { data: report, message: 'Attendance percentage' };
  },

  'PATCH /attendance/{id}': async ({ params, body, user }) => {
    const { classSession, settings } = await getClassSessionWithSettings(params.id);
    if (!classSession) throw new NotFound(SESSION_NOT_FOUND);
    const now = new Date();
    assertMayCorrect(classSession, user, settings, now);
    const { after, entries } = correctedClassSession(classSession, body, user, settings, now);
    if (!(await saveCorrection(classSession, after, entries))) {
      // Someone else's correction (or the course's delete) got there first.
      const current = await getClassSession(params.id);
      if (!current) throw new NotFound(SESSION_NOT_FOUND);
      throw new Conflict(CORRECTION_CONFLICT, classSessionView(current, settings));
    }
    return { data: classSessionView(after, settings), message: CORRECTED };
  },

  'GET /attendance/{id}/history': async ({ params }) => {
    const classSession = await getClassSession(params.id);
    if (!classSession) throw new NotFound(SESSION_NOT_FOUND);
    return { data: await historyOf(classSession), message: 'Attendance history' };
  },

  'GET /attendance/missing': async ({ query }) => {
    const classes = await notMarkedOn(query.date);
    const message = classes.overdue.length
      ? TIMETABLE_MESSAGES.missing
      : classes.later.length
        ? TIMETABLE_MESSAGES.noneOverdue
        : TIMETABLE_MESSAGES.allMarked;
    return { data: classes, message };
  },

  'POST /checkin': async ({ body, user }) => ({ status: 201, data: await openForClass(body, user), message: CHECK_IN_MESSAGES.opened }),

  'GET /checkin/{id}': async ({ params }) => ({ data: await checkInView(params.id), message: CHECK_IN_MESSAGES.read }),

  'POST /checkin/{id}/close': async ({ params }) => ({ data: await closeForClass(params.id), message: CHECK_IN_MESSAGES.closed }),

  'POST /checkin/student': async ({ body, user, clientIp }) => {
    const { outcome, data } = await checkInStudent(body, user, { clientIp });
    return outcome === 'checkedIn'
      ? { status: 201, data, message: CHECK_IN_MESSAGES.checkedIn }
      : { status: 200, data, message: CHECK_IN_MESSAGES.already };
  },

  'GET /settings': async () => ({ data: await getSettings(), message: SETTINGS_MESSAGES.read }),

  'PATCH /settings': async ({ body, user }) => {
    const settings = await updateSettings(body, { _id: user._id, username: user.username });
    return { data: settings, message: SETTINGS_MESSAGES.saved };
  },
});
