import { entityId } from '@shared/schemas/common';
import { importSummary, studentImportSchema } from '@shared/schemas/student-import';
import { STUDENT_SEARCH_MESSAGES, studentSearchQuerySchema } from '@shared/schemas/student-search';
import { changeTermSchema, studentDeleteSchema, studentSchema, studentUpdateSchema, type Student } from '@shared/schemas/structure';
import { NotFound } from './lib/domain-errors';
import { parse } from './lib/http/errors';
import { resource } from './lib/http/resource';
import { importStudents } from './lib/students/import';
import { searchStudents } from './lib/students/search';
import { createStudent, deleteStudent, getStudent, moveStudents, updateStudent, type StudentItem } from './lib/repositories/students';
import { deleteStudentsOfBatch, listStudentsByBatch, listStudentsByDivision } from './lib/repositories/group-students';
import type { CurrentUser } from './lib/http/types';

const toPublicStudent = ({ _id, enrollment, name, email, batchid, guardians }: StudentItem): Student => ({
  _id,
  enrollment,
  name,
  email,
  batchid,
  guardians,
});
/** A student as faculty see them: no contact details. */
const toStudentForFaculty = ({ _id, enrollment, name, batchid }: StudentItem): Student => ({ _id, enrollment, name, batchid });

/** What marking and viewing need for faculty; admins keep the whole record (docs/security.md "Least data"). */
const studentFor = (user: CurrentUser | null) => (user?.role === 'admin' ? toPublicStudent : toStudentForFaculty);

/** An id in the path: empty or malformed ones get the original client's message. */
const pathId = (id: string | undefined) => parse(entityId('Some error occur'), id);

/** Student resource: students by batch, division and id, and found by name or enrollment; add, update, delete; change of term. */
export const handler = resource('student', {
  'POST /student': async ({ body }) => {
    const student = await createStudent(parse(studentSchema, body));
    return { status: 201, data: toPublicStudent(student), message: 'Student added successfully' };
  },

  // CSV import, a chunk of at most 500 rows: each row's outcome (docs/api.md "Student import").
  'POST /student/import': async ({ body }) => {
    const result = await importStudents(parse(studentImportSchema, body));
    return { data: result, message: importSummary(result) };
  },

  'GET /student/{batchid}': async ({ params, user }) => {
    const students = await listStudentsByBatch(pathId(params.batchid));
    return { data: students.map(studentFor(user)), message: students.length ? 'Student list' : 'No students found' };
  },

  'GET /student/division/{divisionid}': async ({ params }) => {
    const students = await listStudentsByDivision(pathId(params.divisionid));
    return {
      data: students.map(({ _id, name, enrollment }) => ({ batchStudents: { _id, name, enrollment } })),
      message: students.length ? 'Student list' : 'No students found',
    };
  },

  'GET /student/student/{id}': async ({ params, user }) => {
    const student = await getStudent(pathId(params.id));
    if (!student) throw new NotFound('Student not found');
    return { data: studentFor(user)(student), message: 'Student details' };
  },

  // By name or enrollment, in a term (the active one unless named): the Students screen and Reports.
  'GET /student/search': async ({ query }) => {
    const { q, termid } = parse(studentSearchQuerySchema, query);
    const { term, students, more } = await searchStudents(q, termid);
    const message = !term ? STUDENT_SEARCH_MESSAGES.noTerm : students.length ? STUDENT_SEARCH_MESSAGES.found : STUDENT_SEARCH_MESSAGES.none;
    return { data: { students, more }, message };
  },

  'PATCH /student/updateterm': async ({ body }) => {
    const { oldbatchid, newbatchid } = parse(changeTermSchema, body);
    const moved = await moveStudents(oldbatchid, newbatchid);
    return { data: { moved }, message: moved ? `${moved} students moved to the new batch` : 'No students found' };
  },

  'PATCH /student/{id}': async ({ params, body }) => {
    const student = await updateStudent(pathId(params.id), parse(studentUpdateSchema, body));
    return { data: toPublicStudent(student), message: 'Student updated successfully' };
  },

  'DELETE /student/{id}': async ({ params }) => {
    const student = await deleteStudent(pathId(params.id));
    return { data: toPublicStudent(student), message: 'Student deleted successfully' };
  },

  // The original client's cascade step: every student of the given batches.
  'POST /student/delete': async ({ body }) => {
    const { batches_id } = parse(studentDeleteSchema, body);
    let deleted = 0;
    for (const batchid of new Set(batches_id)) deleted += await deleteStudentsOfBatch(batchid);
    return { data: { deleted }, message: deleted ? 'Student deleted successfully' : 'No students found' };
  },
});
