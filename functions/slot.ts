import { slotSchema } from '@shared/schemas/structure';
import { resource } from './lib/http/resource';
import { addNode, deleteSubtree, listNodes } from './lib/structure-handlers';

/** Slot resource: the time slots of a term. Its ids in paths answer the original client's "could't get id". */
export const handler = resource('slot', {
  'POST /api/v1/slot': addNode('slot', slotSchema, 'Slot added successfully'),
  'GET /api/v1/slot/{termid}': listNodes('slot', 'No slots found', "could't get id"),
  'DELETE /api/v1/slot/{id}': deleteSubtree('slot', 'Slot deleted successfully', "could't get id"),
});
