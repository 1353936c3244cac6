import { courseSchema } from '@shared/schemas/structure';
import { resource } from './lib/http/resource';
import { structureRoutes } from './lib/structure-routes';

/** Course resource; deleting a course removes its attendance. */
export const handler = resource(
  'course',
  structureRoutes('course', courseSchema, {
    created: 'Course added successfully',
    empty: 'No course found',
    deleted: 'Course deleted successfully',
  }),
);
