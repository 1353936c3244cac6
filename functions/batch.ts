import { batchDeleteSchema, batchSchema } from '@shared/schemas/structure';
import { parse } from './lib/http/errors';
import { resource } from './lib/http/resource';
import { deleteChildren } from './lib/repositories/cascade';
import { addNode, countDependents, deleteSubtree, listNodes } from './lib/structure-handlers';

/** Batch resource; deleting one removes its students. Routes in the order of shared/routes.ts. */
export const handler = resource('batch', {
  'POST /api/v1/batch': addNode('batch', batchSchema, 'Batch added successfully'),
  'GET /api/v1/batch/{divisionid}': listNodes('batch', 'No batches found'),
  // The original client's cascade step: every batch of the given divisions.
  'POST /api/v1/batch/delete': async ({ body }) => {
    const { divIds } = parse(batchDeleteSchema, body);
    const ids: string[] = [];
    for (const divisionid of new Set(divIds)) ids.push(...(await deleteChildren('batch', divisionid)));
    return { data: ids, message: ids.length ? 'Batch deleted successfully' : 'No batches found' };
  },
  'GET /api/v1/batch/{id}/dependents': countDependents('batch'),
  'DELETE /api/v1/batch/{id}': deleteSubtree('batch', 'Batch deleted successfully'),
});
