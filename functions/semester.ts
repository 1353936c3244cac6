import { semesterSchema } from '@shared/schemas/structure';
import { resource } from './lib/http/resource';
import { addNode, countDependents, deleteSubtree, listNodes } from './lib/structure-handlers';

/** Semester resource; deleting one removes its divisions, batches, students, courses and their attendance. */
export const handler = resource('semester', {
  'POST /api/v1/semester': addNode('semester', semesterSchema, 'Semester added successfully'),
  'GET /api/v1/semester/{termid}': listNodes('semester', 'No semester found'),
  'GET /api/v1/semester/{id}/dependents': countDependents('semester'),
  'DELETE /api/v1/semester/{id}': deleteSubtree('semester', 'Semester deleted successfully'),
});
