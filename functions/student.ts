import { importSummary } from '@shared/schemas/student-import';
import { STUDENT_SEARCH_MESSAGES } from '@shared/schemas/student-search';
import { type Student } from '@shared/schemas/structure';
import { STUDENT_REQUESTS } from '@shared/requests/student';
import { NotFound } from './lib/domain-errors';
import { resource } from './lib/http/resource';
import { importStudents } from './lib/students/import';
import { searchStudents } from './lib/students/search';
import { createStudent, deleteStudent, getStudent, moveStudents, updateStudent, type StudentItem } from './lib/repositories/students';
import { deleteStudentsOfBatch, listStudentsByBatch, listStudentsByDivision } from './lib/repositories/group-students';
import type { CurrentUser } from './lib/http/types';
import { toPublicStudent } from './lib/students/public-student';

/** A student as faculty see them: no contact details, no date of birth. */
const toStudentForFaculty = ({ _id, enrollment, name, batchid }: StudentItem): Student => ({ _id, enrollment, name, batchid });

/** What marking and viewing need for faculty; admins keep the whole record (docs/security.md "Least data"). */
const studentFor = (user: CurrentUser | null) => (user?.role === 'admin' ? toPublicStudent : toStudentForFaculty);

/** An id in the path: empty or malformed ones get the original client's message. */

/** Student resource: students by batch, division and id, and found by name or enrollment; add, update, delete; change of term. */
export const handler = resource('student', STUDENT_REQUESTS, {
  'POST /student': async ({ body }) => {
    const student = await createStudent(body);
    return { status: 201, data: toPublicStudent(student), message: 'Student added successfully' };
  },

  // CSV import, a chunk of at most 500 rows: each row's outcome (docs/api.md "Student import").
  'POST /student/import': async ({ body }) => {
    const result = await importStudents(body);
    return { data: result, message: importSummary(result) };
  },

  'GET /student/{batchid}': async ({ params, user }) => {
    const students = await listStudentsByBatch(params.batchid);
    return { data: students.map(studentFor(user)), message: students.length ? 'Student list' : 'No students found' };
  },

  'GET /student/division/{divisionid}': async ({ params }) => {
    const students = await listStudentsByDivision(params.divisionid);
    return {
      data: students.map(({ _id, name, enrollment }) => ({ batchStudents: { _id, name, enrollment } })),
      message: students.length ? 'Student list' : 'No students found',
    };
  },

  'GET /student/student/{id}': async ({ params, user }) => {
    const student = await getStudent(params.id);
    if (!student) throw new NotFound('Student not found');
    return { data: studentFor(user)(student), message: 'Student details' };
  },

  // By name or enrollment, in a term (the active one unless named): the Students screen and Reports.
  'GET /student/search': async ({ query }) => {
    const { q, termid } = query;
    const { term, students, more } = await searchStudents(q, termid);
    const message = !term ? STUDENT_SEARCH_MESSAGES.noTerm : students.length ? STUDENT_SEARCH_MESSAGES.found : STUDENT_SEARCH_MESSAGES.none;
    return { data: { students, more }, message };
  },

  'PATCH /student/updateterm': async ({ body }) => {
    const { oldbatchid, newbatchid } = body;
    const moved = await moveStudents(oldbatchid, newbatchid);
    return { data: { moved }, message: moved ? `${moved} students moved to the new batch` : 'No students found' };
  },

  'PATCH /student/{id}': async ({ params, body }) => {
    const student = await updateStudent(params.id, body);
    return { data: toPublicStudent(student), message: 'Student updated successfully' };
  },

  'DELETE /student/{id}': async ({ params }) => {
    const student = await deleteStudent(params.id);
    return { data: toPublicStudent(student), message: 'Student deleted successfully' };
  },

  // The original client's cascade step: every student of the given batches.
  'POST /student/delete': async ({ body }) => {
    const { batches_id } = body;
    let deleted = 0;
    for (const batchid of new Set(batches_id)) deleted += await deleteStudentsOfBatch(batchid);
    return { data: { deleted }, message: deleted ? 'Student deleted successfully' : 'No students found' };
  },
});
