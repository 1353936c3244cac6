import { slotSchema } from '@shared/schemas/structure';
import { resource } from './lib/http/resource';
import { structureRoutes } from './lib/structure-routes';

/** Slot resource: the time slots of a term. */
export const handler = resource(
  'slot',
  structureRoutes('slot', slotSchema, {
    created: 'Slot added successfully',
    empty: 'No slots found',
    deleted: 'Slot deleted successfully',
    badId: "could't get id",
  }),
);
