import { batchDeleteSchema, batchSchema } from '@shared/schemas/structure';
import { parse } from './lib/http/errors';
import { resource } from './lib/http/resource';
import { deleteTree } from './lib/repositories/cascade';
import { listChildren } from './lib/repositories/structure';
import { structureRoutes } from './lib/structure-routes';

/** Batch resource; deleting one removes its students. */
export const handler = resource('batch', {
  ...structureRoutes('batch', batchSchema, {
    created: 'Batch added successfully',
    empty: 'No batches found',
    deleted: 'Batch deleted successfully',
  }),

  // The original client's cascade step: every batch of the given divisions.
  'POST /api/v1/batch/delete': async ({ body }) => {
    const { divIds } = parse(batchDeleteSchema, body);
    const ids: string[] = [];
    for (const divisionid of new Set(divIds)) {
      for (const batch of await listChildren('batch', divisionid)) {
        await deleteTree('batch', batch._id);
        ids.push(batch._id);
      }
    }
    return { data: ids, message: ids.length ? 'Batch deleted successfully' : 'No batches found' };
  },
});
