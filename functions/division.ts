import { entityId } from '@shared/schemas/common';
import { divisionSchema } from '@shared/schemas/structure';
import { parse } from './lib/http/errors';
import { resource } from './lib/http/resource';
import { deleteChildren } from './lib/repositories/cascade';
import { addNode, countDependents, deleteSubtree, listNodes } from './lib/structure-handlers';

/** Division resource; deleting one removes its batches and their students. Routes in the order of shared/routes.ts. */
export const handler = resource('division', {
  'POST /api/v1/division': addNode('division', divisionSchema, 'Division added successfully'),
  'GET /api/v1/division/{semid}': listNodes('division', 'No division found'),
  // The original client's cascade step: every division of a semester. The ids it answers are
  // what that client sends next to POST batch/delete (which then finds nothing left to do).
  'DELETE /api/v1/division/delete/{semid}': async ({ params }) => {
    const ids = await deleteChildren('division', parse(entityId('Some error occur'), params.semid));
    return { data: ids, message: ids.length ? 'Divisions deleted successfully' : 'No division found' };
  },
  'GET /api/v1/division/{id}/dependents': countDependents('division'),
  'DELETE /api/v1/division/{id}': deleteSubtree('division', 'Division deleted successfully'),
});
