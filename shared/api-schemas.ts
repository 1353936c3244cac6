import * as z from 'zod/mini';
import type { ApiRouteKey } from './routes';
import {
  activeLoginSessionShape,
  appConfigShape,
  invitedUserShape,
  listedUserShape,
  passwordResetShape,
  publicUserShape,
  setPasswordLinkShape,
  signedInUserShape,
} from './answers/auth';
import { auditAnswerShape } from './answers/audit';
import { privacyNoticeShape } from './answers/privacy';
import { batchAccountsShape, invitationRunShape } from './answers/invitation';
import {
  attendanceRecordShape,
  historyEntryShape,
  markedClassSessionShape,
  percentageReportShape,
  classSessionViewShape,
} from './answers/attendance';
import { checkInViewShape, studentCheckInShape } from './answers/check-in';
import { collegeSettingsShape } from './answers/settings';
import { notMarkedShape, timetableEntryShape, todayClassShape } from './answers/timetable';
import { defaulterReportShape, studentRecordShape, studentStandingShape } from './answers/reports';
import { deletedTreeShape, dependentsShape } from './answers/dependents';
import {
  attachmentLinkShape,
  leaveApplicationShape,
  leaveDetailShape,
  onLeaveShape,
  studentClassShape,
  uploadFormShape,
} from './answers/leave';
import { studentImportResultShape } from './answers/student-import';
import { dataRequestShape, erasedStudentShape, listedDataRequestShape, studentDataShape } from './answers/student-data';
import { studentSearchResultShape } from './answers/student-search';
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
import { oidcProvidersShape, oidcStartShape } from './schemas/oidc';
import { signInLinkAskedShape } from './schemas/sign-in-link';
import type { RequestSchemas } from './requests/types';
import { AUTH_REQUESTS } from './requests/auth';
import { SIGNIN_REQUESTS } from './requests/signin';
import { USER_REQUESTS } from './requests/user';
import { TERM_REQUESTS } from './requests/term';
import { BATCH_REQUESTS, COURSE_REQUESTS, DIVISION_REQUESTS, SEMESTER_REQUESTS, SLOT_REQUESTS } from './requests/structure';
import { STUDENT_REQUESTS } from './requests/student';
import { ATTENDANCE_REQUESTS } from './requests/attendance';
import { TIMETABLE_REQUESTS } from './requests/timetable';
import { REPORT_REQUESTS } from './requests/report';
import { LEAVE_REQUESTS } from './requests/leave';
import { PRIVACY_REQUESTS } from './requests/privacy';

/** What one route takes and answers: the schemas of its path parameters, body and query (where it has them) and of its answer's `data`. */
export interface RouteSchemas extends RequestSchemas {
  answer: z.ZodMiniType;
}

/** What each route takes, resource by resource: each resource's Lambda loads its own (functions/lib/http/resource.ts). */
const REQUESTS = {
  ...AUTH_REQUESTS,
  ...SIGNIN_REQUESTS,
  ...USER_REQUESTS,
  ...TERM_REQUESTS,
  ...SEMESTER_REQUESTS,
  ...DIVISION_REQUESTS,
  ...BATCH_REQUESTS,
  ...COURSE_REQUESTS,
  ...SLOT_REQUESTS,
  ...STUDENT_REQUESTS,
  ...ATTENDANCE_REQUESTS,
  ...TIMETABLE_REQUESTS,
  ...REPORT_REQUESTS,
  ...LEAVE_REQUESTS,
  ...PRIVACY_REQUESTS,
} as const satisfies { [K in ApiRouteKey]: RequestSchemas };

const list = z.array;
const ids = z.array(z.string());
const nothing = z.null();

/** What each route answers as its `data`. */
const ANSWERS = {
  'GET /config': appConfigShape,
  'GET /privacy': privacyNoticeShape,
  'POST /auth/login': signedInUserShape,
  'GET /auth/currentstatus': signedInUserShape,
  'POST /auth/logout': nothing,
  'POST /auth/register': publicUserShape,
  'POST /auth/password': signedInUserShape,
  'GET /auth/sessions': list(activeLoginSessionShape),
  'DELETE /auth/sessions/{id}': nothing,
  'DELETE /auth/sessions': nothing,
  'GET /user': list(listedUserShape),
  'DELETE /user/{id}': publicUserShape,
  'POST /user/{id}/reset-password': passwordResetShape,
  'POST /user/{id}/unlock': z.strictObject({ user: publicUserShape, wasLocked: z.boolean() }),
  'POST /user/invite': invitedUserShape,
  'POST /user/{id}/set-password-link': setPasswordLinkShape,
  'DELETE /user/{id}/sessions': z.strictObject({ ended: z.number() }),
  'POST /invitation': invitationRunShape,
  'GET /invitation': list(invitationRunShape),
  'GET /invitation/batch/{batchid}': batchAccountsShape,
  'GET /audit': auditAnswerShape,
  'POST /auth/set-password': nothing,
  'POST /auth/link': signInLinkAskedShape,
  'POST /auth/link/token': signedInUserShape,
  'POST /auth/link/code': signedInUserShape,
  'GET /auth/oidc': oidcProvidersShape,
  'POST /auth/oidc/{provider}/start': oidcStartShape,
  'POST /auth/oidc/finish': signedInUserShape,

  'POST /term': termShape,
  'GET /term': list(termShape),
  'GET /term/active': list(termShape),
  'PATCH /term/{id}': termShape,
  'POST /term/{id}/activate': list(termShape),
  'POST /semester': semesterShape,
  'GET /semester/{termid}': list(semesterShape),
  'GET /semester/{id}/dependents': dependentsShape,
  'PATCH /semester/{id}': semesterShape,
  'DELETE /semester/{id}': deletedTreeShape,

  'POST /division': divisionShape,
  'GET /division/{semid}': list(divisionShape),
  'DELETE /division/delete/{semid}': ids,
  'GET /division/{id}/dependents': dependentsShape,
  'PATCH /division/{id}': divisionShape,
  'PATCH /division/{id}/coordinators': divisionShape,
  'DELETE /division/{id}': deletedTreeShape,
  'POST /batch': batchShape,
  'GET /batch/{divisionid}': list(batchShape),
  'POST /batch/delete': ids,
  'GET /batch/{id}/dependents': dependentsShape,
  'PATCH /batch/{id}': batchShape,
  'DELETE /batch/{id}': deletedTreeShape,

  'POST /student/delete': deletedStudentsShape,
  'POST /student/import': studentImportResultShape,
  'POST /student': studentShape,
  'GET /student/{batchid}': list(studentShape),
  'PATCH /student/updateterm': movedStudentsShape,
  'PATCH /student/{id}': studentShape,
  'GET /student/student/{id}': studentShape,
  'GET /student/search': studentSearchResultShape,
  'GET /student/division/{divisionid}': list(divisionStudentEntryShape),
  'DELETE /student/{id}': studentShape,
  'GET /student/{id}/export': studentDataShape,
  'GET /student/{id}/data-request': z.nullable(dataRequestShape),
  'POST /student/{id}/data-request': dataRequestShape,
  'GET /student/data-requests': list(listedDataRequestShape),
  'POST /student/{id}/data-request/fulfil': dataRequestShape,
  'POST /student/{id}/erase': erasedStudentShape,

  'POST /course': courseShape,
  'GET /course/{semid}': list(courseShape),
  'GET /course/{id}/dependents': dependentsShape,
  'PATCH /course/{id}': courseShape,
  'DELETE /course/{id}': deletedTreeShape,
  'POST /slot': slotShape,
  'GET /slot/{termid}': list(slotShape),
  'PATCH /slot/{id}': slotShape,
  'DELETE /slot/{id}': deletedTreeShape,
  'POST /attendance': markedClassSessionShape,
  'GET /attendance': list(attendanceRecordShape),
  'GET /attendance/criteria': percentageReportShape,
  'PATCH /attendance/{id}': classSessionViewShape,
  'GET /attendance/{id}/history': list(historyEntryShape),
  'GET /attendance/missing': notMarkedShape,
  'POST /checkin': checkInViewShape,
  'GET /checkin/{id}': checkInViewShape,
  'POST /checkin/{id}/close': checkInViewShape,
  'POST /checkin/student': studentCheckInShape,
  'GET /settings': collegeSettingsShape,
  'PATCH /settings': collegeSettingsShape,

  'POST /timetable': timetableEntryShape,
  'GET /timetable': list(timetableEntryShape),
  'GET /timetable/today': list(todayClassShape),
  'PATCH /timetable/{id}': timetableEntryShape,
  'DELETE /timetable/{id}': timetableEntryShape,

  'GET /report/defaulters': defaulterReportShape,
  'GET /report/student/{id}': studentRecordShape,
  'GET /report/student/{id}/standing': studentStandingShape,

  'POST /leave/student/{id}/attachment': uploadFormShape,
  'POST /leave/student/{id}': leaveApplicationShape,
  'GET /leave/student/{id}': list(leaveApplicationShape),
  'GET /leave/student/{id}/classes': list(studentClassShape),
  'GET /leave': list(leaveApplicationShape),
  'GET /leave/{id}': leaveDetailShape,
  'GET /leave/{id}/attachment': attachmentLinkShape,
  'POST /leave/{id}/withdraw': leaveApplicationShape,
  'POST /leave/{id}/decision': leaveApplicationShape,
  'POST /leave/{id}/revoke': leaveApplicationShape,
  'GET /leave/group/{groupid}': list(onLeaveShape),
} as const satisfies { [K in ApiRouteKey]: z.ZodMiniType };

type Schemas = { [K in ApiRouteKey]: (typeof REQUESTS)[K] & { answer: (typeof ANSWERS)[K] } };

/**
 * The route table's schemas, row by row (shared/routes.ts holds the rows: who may call a route and what else it
 * says; this holds what it carries). The web client, the handlers and the tests take their types from here
 * (shared/api-contract.ts), and the tests and the local server check every answer against it at run time.
 * Kept beside the table rather than in it: every Lambda reads the table, and each would then carry every
 * route's schemas (docs/decisions.md); a Lambda loads only its resource's requests (shared/requests/).
 */
export const API_SCHEMAS = Object.fromEntries(
  Object.entries(ANSWERS).map(([key, answer]) => [key, { ...REQUESTS[key as ApiRouteKey], answer }]),
) as Schemas satisfies { [K in ApiRouteKey]: RouteSchemas };
