import { entityId } from '@shared/schemas/common';
import { divisionSchema } from '@shared/schemas/structure';
import { parse } from './lib/http/errors';
import { resource } from './lib/http/resource';
import { deleteTree } from './lib/repositories/cascade';
import { listChildren } from './lib/repositories/structure';
import { structureRoutes } from './lib/structure-routes';

/** Division resource; deleting one removes its batches and their students. */
export const handler = resource('division', {
  ...structureRoutes('division', divisionSchema, {
    created: 'Division added successfully',
    empty: 'No division found',
    deleted: 'Division deleted successfully',
  }),

  // The original client's cascade step: every division of a semester. The ids it answers are
  // what that client sends next to POST batch/delete (which then finds nothing left to do).
  'DELETE /api/v1/division/delete/{semid}': async ({ params }) => {
    const semid = parse(entityId('Some error occur'), params.semid);
    const divisions = await listChildren('division', semid);
    for (const division of divisions) await deleteTree('division', division._id);
    const ids = divisions.map((division) => division._id);
    return { data: ids, message: ids.length ? 'Divisions deleted successfully' : 'No division found' };
  },
});
