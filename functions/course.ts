import { courseSchema } from '@shared/schemas/structure';
import { resource } from './lib/http/resource';
import { addNode, countDependents, deleteSubtree, listNodes } from './lib/structure-handlers';

/** Course resource; deleting a course removes its attendance. */
export const handler = resource('course', {
  'POST /api/v1/course': addNode('course', courseSchema, 'Course added successfully'),
  'GET /api/v1/course/{semid}': listNodes('course', 'No course found'),
  'GET /api/v1/course/{id}/dependents': countDependents('course'),
  'DELETE /api/v1/course/{id}': deleteSubtree('course', 'Course deleted successfully'),
});
