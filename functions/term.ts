import { termSchema, termStatusSchema } from '@shared/schemas/structure';
import { entityId } from '@shared/schemas/common';
import { parse } from './lib/http/errors';
import { resource } from './lib/http/resource';
import { createNode, listActiveTerms, listChildren, toPublic } from './lib/repositories/structure';
import { updateTerm } from './lib/repositories/terms';

/** Term resource: the college's terms and which of them are active. */
export const handler = resource('term', {
  'POST /api/v1/term': async ({ body }) => {
    const input = parse(termSchema, body);
    const term = await createNode('term', input);
    return { status: 201, data: toPublic('term', term), message: 'Term added successfully' };
  },

  'GET /api/v1/term': async () => {
    const terms = await listChildren('term');
    return { data: terms.map((term) => toPublic('term', term)), message: terms.length ? 'Term list' : 'No term found' };
  },

  'GET /api/v1/term/active': async () => {
    const terms = await listActiveTerms();
    return { data: terms.map((term) => toPublic('term', term)), message: terms.length ? 'Active terms' : 'No term found' };
  },

  'PATCH /api/v1/term/{id}': async ({ params, body }) => {
    const id = parse(entityId('Some error occur'), params.id);
    const change = parse(termStatusSchema, body);
    const term = await updateTerm(id, change);
    const message =
      change.status === undefined ? `Term ${term.name} updated` : `Term ${term.name} is now ${change.status ? 'active' : 'inactive'}`;
    return { data: toPublic('term', term), message };
  },
});
