import { semesterSchema } from '@shared/schemas/structure';
import { resource } from './lib/http/resource';
import { structureRoutes } from './lib/structure-routes';

/** Semester resource; deleting one removes its divisions, batches, students, courses and their attendance. */
export const handler = resource(
  'semester',
  structureRoutes('semester', semesterSchema, {
    created: 'Semester added successfully',
    empty: 'No semester found',
    deleted: 'Semester deleted successfully',
  }),
);
