import {
  CORRECTED,
  CORRECTION_CONFLICT,
  correctionSchema,
  criteriaQuerySchema,
  MARK_ALREADY_STORED,
  markSchema,
  NOT_FOUND,
  SESSION_NOT_FOUND,
  viewQuerySchema,
  wasThere,
  type AttendanceRecord,
  type MarkedSession,
  type PercentageReport,
} from '@shared/schemas/attendance';
import { SETTINGS_MESSAGES, settingsPatchSchema } from '@shared/schemas/settings';
import { missingQuerySchema, TIMETABLE_MESSAGES } from '@shared/schemas/timetable';
import { assertMayCorrect, correctedSession } from './lib/attendance/corrections';
import { markOnce } from './lib/attendance/mark-once';
import { dateReport, percentageReport } from './lib/attendance/reports';
import { sessionView } from './lib/attendance/session-view';
import { Conflict, NotFound } from './lib/domain-errors';
import { parse } from './lib/http/errors';
import { resource } from './lib/http/resource';
import { securityEvent } from './lib/http/security-events';
import { getSession, getSessionWithSettings, saveCorrection, sessionsOn } from './lib/repositories/attendance';
import { historyOf } from './lib/repositories/attendance-history';
import { getSettings, updateSettings } from './lib/repositories/settings';
import { notMarkedOn } from './lib/timetable/classes';

/**
 * Attendance resource: marking a session exactly once, correcting it with a history, the view
 * by date, percentages over a range, the timetable's classes not yet marked on a date, and the
 * college's settings that rule marking, corrections and percentages (docs/product.md §4–§6).
 */
export const handler = resource('attendance', {
  'POST /attendance': async (request) => {
    const { session, replayed, backdated } = await markOnce(parse(markSchema, request.body), request.user);
    if (backdated) securityEvent('backdated mark', request, { sessionId: session._id, date: session.date });
    const data: MarkedSession = {
      _id: session._id,
      version: session.version,
      date: session.date,
      groupid: session.groupid,
      present: Object.values(session.statuses).filter(wasThere).length,
      expected: session.expected.length,
    };
    if (replayed) return { status: 200, data, message: MARK_ALREADY_STORED };
    return { status: 201, data, message: 'Attendance marked successfully' };
  },

  'GET /attendance': async ({ query }) => {
    const { date, slotid, slotcount, courseid, groupid } = parse(viewQuerySchema, query);
    const sessions = await sessionsOn({ courseid, slotcount, date, slotid, groupid });
    if (sessions.length === 0) return { data: [], message: NOT_FOUND };
    const record: AttendanceRecord = { date, courseid, slotid, slotcount, ...(await dateReport(sessions)) };
    return { data: [record], message: 'Attendance data' };
  },

  'GET /attendance/criteria': async ({ query }) => {
    const { startdate, enddate, slotcount, courseid, groupid } = parse(criteriaQuerySchema, query);
    const report = await percentageReport({ courseid, slotcount, from: startdate, to: enddate ?? startdate, groupid });
    if (!report) return { data: { totalLecture: 0, studentData: [] } satisfies PercentageReport, message: NOT_FOUND };
    return { data: report, message: 'Attendance percentage' };
  },

  'PATCH /attendance/{id}': async ({ params, body, user }) => {
    const input = parse(correctionSchema, body);
    const { session, settings } = await getSessionWithSettings(params.id);
    if (!session) throw new NotFound(SESSION_NOT_FOUND);
    const now = new Date();
    assertMayCorrect(session, user, settings, now);
    const { after, entries } = correctedSession(session, input, user, settings, now);
    if (!(await saveCorrection(session, after, entries))) {
      // Someone else's correction (or the course's delete) got there first.
      const current = await getSession(params.id);
      if (!current) throw new NotFound(SESSION_NOT_FOUND);
      throw new Conflict(CORRECTION_CONFLICT, sessionView(current, settings));
    }
    return { data: sessionView(after, settings), message: CORRECTED };
  },

  'GET /attendance/{id}/history': async ({ params }) => {
    const session = await getSession(params.id);
    if (!session) throw new NotFound(SESSION_NOT_FOUND);
    return { data: await historyOf(session), message: 'Attendance history' };
  },

  'GET /attendance/missing': async ({ query }) => {
    const classes = await notMarkedOn(parse(missingQuerySchema, query).date);
    const message = classes.overdue.length
      ? TIMETABLE_MESSAGES.missing
      : classes.later.length
        ? TIMETABLE_MESSAGES.noneOverdue
        : TIMETABLE_MESSAGES.allMarked;
    return { data: classes, message };
  },

  'GET /settings': async () => ({ data: await getSettings(), message: SETTINGS_MESSAGES.read }),

  'PATCH /settings': async ({ body, user }) => {
    const settings = await updateSettings(parse(settingsPatchSchema, body), { _id: user._id, username: user.username });
    return { data: settings, message: SETTINGS_MESSAGES.saved };
  },
});
