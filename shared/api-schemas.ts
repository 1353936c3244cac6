import * as z from 'zod/mini';
import type { ApiRouteKey } from './routes';
import { changePasswordSchema, inviteSchema, loginSchema, registerSchema, setPasswordSchema } from './schemas/auth';
import {
  activeSessionShape,
  appConfigShape,
  invitedUserShape,
  listedUserShape,
  passwordResetShape,
  publicUserShape,
  setPasswordLinkShape,
  signedInUserShape,
} from './answers/auth';
import { invitationSchema } from './schemas/invitation';
import { batchAccountsShape, invitationRunShape } from './answers/invitation';
import { oidcFinishSchema, oidcProvidersShape, oidcStartShape } from './schemas/oidc';
import { signInLinkAskedShape, signInLinkCodeSchema, signInLinkRequestSchema, signInLinkTokenSchema } from './schemas/sign-in-link';
import { correctionSchema, criteriaQuerySchema, markSchema, viewQuerySchema } from './schemas/attendance';
import {
  attendanceRecordShape,
  historyEntryShape,
  markedSessionShape,
  percentageReportShape,
  sessionViewShape,
} from './answers/attendance';
import { settingsPatchSchema } from './schemas/settings';
import { collegeSettingsShape } from './answers/settings';
import {
  missingQuerySchema,
  timetableChangeSchema,
  timetableEntrySchema,
  timetableQuerySchema,
  todayQuerySchema,
} from './schemas/timetable';
import { notMarkedShape, timetableEntryShape, todayClassShape } from './answers/timetable';
import { defaultersQuerySchema, recordQuerySchema } from './schemas/reports';
import { defaulterReportShape, studentRecordShape, studentStandingShape } from './answers/reports';
import { deletedTreeShape, dependentsShape } from './answers/dependents';
import {
  decisionSchema,
  leaveApplicationSchema,
  leaveListQuerySchema,
  onLeaveQuerySchema,
  revokeSchema,
  studentClassesQuerySchema,
  uploadRequestSchema,
  withdrawSchema,
} from './schemas/leave';
import {
  attachmentLinkShape,
  leaveApplicationShape,
  leaveDetailShape,
  onLeaveShape,
  studentClassShape,
  uploadFormShape,
} from './answers/leave';
import { coordinatorsSchema } from './schemas/structure';
import { studentImportSchema } from './schemas/student-import';
import { studentImportResultShape } from './answers/student-import';
import { studentSearchQuerySchema } from './schemas/student-search';
import { studentSearchResultShape } from './answers/student-search';
import {
  batchDeleteSchema,
  batchRenameSchema,
  batchSchema,
  changeTermSchema,
  courseRenameSchema,
  courseSchema,
  divisionRenameSchema,
  divisionSchema,
  semesterRenameSchema,
  semesterSchema,
  slotSchema,
  slotUpdateSchema,
  studentDeleteSchema,
  studentSchema,
  studentUpdateSchema,
  termActivationSchema,
  termSchema,
  termStatusSchema,
} from './schemas/structure';
import {
  batchShape,
  courseShape,
  deletedStudentsShape,
  divisionShape,
  divisionStudentEntryShape,
  movedStudentsShape,
  semesterShape,
  slotShape,
  studentShape,
  termShape,
} from './answers/structure';

/** What one route takes and answers: the schemas of its body and query (where it has one) and of its answer's `data`. */
export interface RouteSchemas {
  body?: z.ZodMiniType;
  query?: z.ZodMiniType;
  answer: z.ZodMiniType;
}

const list = z.array;
const ids = z.array(z.string());
const nothing = z.null();

/**
 * The route table's schemas, row by row (shared/routes.ts holds the rows: who may call a route and what else it
 * says; this holds what it carries). The web client, the handlers and the tests take their types from here
 * (shared/api-contract.ts), and the tests and the local server check every answer against it at run time.
 * Kept beside the table rather than in it: every Lambda reads the table, and each would then carry every
 * route's schemas (docs/decisions.md).
 */
export const API_SCHEMAS = {
  'GET /config': { answer: appConfigShape },
  'POST /auth/login': { body: loginSchema, answer: signedInUserShape },
  'GET /auth/currentstatus': { answer: signedInUserShape },
  'POST /auth/logout': { answer: nothing },
  'POST /auth/register': { body: registerSchema, answer: publicUserShape },
  'POST /auth/password': { body: changePasswordSchema, answer: signedInUserShape },
  'GET /auth/sessions': { answer: list(activeSessionShape) },
  'DELETE /auth/sessions/{id}': { answer: nothing },
  'DELETE /auth/sessions': { answer: nothing },
  'GET /user': { answer: list(listedUserShape) },
  'DELETE /user/{id}': { answer: publicUserShape },
  'POST /user/{id}/reset-password': { answer: passwordResetShape },
  'POST /user/{id}/unlock': { answer: z.strictObject({ user: publicUserShape, wasLocked: z.boolean() }) },
  'POST /user/invite': { body: inviteSchema, answer: invitedUserShape },
  'POST /user/{id}/set-password-link': { answer: setPasswordLinkShape },
  'DELETE /user/{id}/sessions': { answer: z.strictObject({ ended: z.number() }) },
  'POST /invitation': { body: invitationSchema, answer: invitationRunShape },
  'GET /invitation': { answer: list(invitationRunShape) },
  'GET /invitation/batch/{batchid}': { answer: batchAccountsShape },
  'POST /auth/set-password': { body: setPasswordSchema, answer: nothing },
  'POST /auth/link': { body: signInLinkRequestSchema, answer: signInLinkAskedShape },
  'POST /auth/link/token': { body: signInLinkTokenSchema, answer: signedInUserShape },
  'POST /auth/link/code': { body: signInLinkCodeSchema, answer: signedInUserShape },
  'GET /auth/oidc': { answer: oidcProvidersShape },
  'POST /auth/oidc/{provider}/start': { answer: oidcStartShape },
  'POST /auth/oidc/finish': { body: oidcFinishSchema, answer: signedInUserShape },

  'POST /term': { body: termSchema, answer: termShape },
  'GET /term': { answer: list(termShape) },
  'GET /term/active': { answer: list(termShape) },
  'PATCH /term/{id}': { body: termStatusSchema, answer: termShape },
  'POST /term/{id}/activate': { body: termActivationSchema, answer: list(termShape) },
  'POST /semester': { body: semesterSchema, answer: semesterShape },
  'GET /semester/{termid}': { answer: list(semesterShape) },
  'GET /semester/{id}/dependents': { answer: dependentsShape },
  'PATCH /semester/{id}': { body: semesterRenameSchema, answer: semesterShape },
  'DELETE /semester/{id}': { answer: deletedTreeShape },

  'POST /division': { body: divisionSchema, answer: divisionShape },
  'GET /division/{semid}': { answer: list(divisionShape) },
  'DELETE /division/delete/{semid}': { answer: ids },
  'GET /division/{id}/dependents': { answer: dependentsShape },
  'PATCH /division/{id}': { body: divisionRenameSchema, answer: divisionShape },
  'PATCH /division/{id}/coordinators': { body: coordinatorsSchema, answer: divisionShape },
  'DELETE /division/{id}': { answer: deletedTreeShape },
  'POST /batch': { body: batchSchema, answer: batchShape },
  'GET /batch/{divisionid}': { answer: list(batchShape) },
  'POST /batch/delete': { body: batchDeleteSchema, answer: ids },
  'GET /batch/{id}/dependents': { answer: dependentsShape },
  'PATCH /batch/{id}': { body: batchRenameSchema, answer: batchShape },
  'DELETE /batch/{id}': { answer: deletedTreeShape },

  'POST /student/delete': { body: studentDeleteSchema, answer: deletedStudentsShape },
  'POST /student/import': { body: studentImportSchema, answer: studentImportResultShape },
  'POST /student': { body: studentSchema, answer: studentShape },
  'GET /student/{batchid}': { answer: list(studentShape) },
  'PATCH /student/updateterm': { body: changeTermSchema, answer: movedStudentsShape },
  'PATCH /student/{id}': { body: studentUpdateSchema, answer: studentShape },
  'GET /student/student/{id}': { answer: studentShape },
  'GET /student/search': { query: studentSearchQuerySchema, answer: studentSearchResultShape },
  'GET /student/division/{divisionid}': { answer: list(divisionStudentEntryShape) },
  'DELETE /student/{id}': { answer: studentShape },

  'POST /course': { body: courseSchema, answer: courseShape },
  'GET /course/{semid}': { answer: list(courseShape) },
  'GET /course/{id}/dependents': { answer: dependentsShape },
  'PATCH /course/{id}': { body: courseRenameSchema, answer: courseShape },
  'DELETE /course/{id}': { answer: deletedTreeShape },
  'POST /slot': { body: slotSchema, answer: slotShape },
  'GET /slot/{termid}': { answer: list(slotShape) },
  'PATCH /slot/{id}': { body: slotUpdateSchema, answer: slotShape },
  'DELETE /slot/{id}': { answer: deletedTreeShape },
  'POST /attendance': { body: markSchema, answer: markedSessionShape },
  'GET /attendance': { query: viewQuerySchema, answer: list(attendanceRecordShape) },
  'GET /attendance/criteria': { query: criteriaQuerySchema, answer: percentageReportShape },
  'PATCH /attendance/{id}': { body: correctionSchema, answer: sessionViewShape },
  'GET /attendance/{id}/history': { answer: list(historyEntryShape) },
  'GET /attendance/missing': { query: missingQuerySchema, answer: notMarkedShape },
  'GET /settings': { answer: collegeSettingsShape },
  'PATCH /settings': { body: settingsPatchSchema, answer: collegeSettingsShape },

  'POST /timetable': { body: timetableEntrySchema, answer: timetableEntryShape },
  'GET /timetable': { query: timetableQuerySchema, answer: list(timetableEntryShape) },
  'GET /timetable/today': { query: todayQuerySchema, answer: list(todayClassShape) },
  'PATCH /timetable/{id}': { body: timetableChangeSchema, answer: timetableEntryShape },
  'DELETE /timetable/{id}': { answer: timetableEntryShape },

  'GET /report/defaulters': { query: defaultersQuerySchema, answer: defaulterReportShape },
  'GET /report/student/{id}': { query: recordQuerySchema, answer: studentRecordShape },
  'GET /report/student/{id}/standing': { answer: studentStandingShape },

  'POST /leave/student/{id}/attachment': { body: uploadRequestSchema, answer: uploadFormShape },
  'POST /leave/student/{id}': { body: leaveApplicationSchema, answer: leaveApplicationShape },
  'GET /leave/student/{id}': { answer: list(leaveApplicationShape) },
  'GET /leave/student/{id}/classes': { query: studentClassesQuerySchema, answer: list(studentClassShape) },
  'GET /leave': { query: leaveListQuerySchema, answer: list(leaveApplicationShape) },
  'GET /leave/{id}': { answer: leaveDetailShape },
  'GET /leave/{id}/attachment': { answer: attachmentLinkShape },
  'POST /leave/{id}/withdraw': { body: withdrawSchema, answer: leaveApplicationShape },
  'POST /leave/{id}/decision': { body: decisionSchema, answer: leaveApplicationShape },
  'POST /leave/{id}/revoke': { body: revokeSchema, answer: leaveApplicationShape },
  'GET /leave/group/{groupid}': { query: onLeaveQuerySchema, answer: list(onLeaveShape) },
} as const satisfies { [K in ApiRouteKey]: RouteSchemas };
