import { todayIn } from '@shared/dates';
import { TERM_REQUESTS } from '@shared/requests/term';
import { resource } from './lib/http/resource';
import { getSettings } from './lib/repositories/settings';
import { createNode, listActiveTerms, listChildren } from './lib/repositories/structure';
import { renameNode } from './lib/repositories/structure-rename';
import { activateTerm, planActivation, publicTerm, updateTerm, type TermItem } from './lib/repositories/terms';

const nameOf = (terms: TermItem[], id: string) => terms.find((term) => term._id === id)?.name ?? 'The term';

/** Term resource: the college's terms, which of them is active, and their holidays. */
export const handler = resource('term', TERM_REQUESTS, {
  'POST /term': async ({ body }) => {
    const term = await createNode('term', body);
    return { status: 201, data: publicTerm(term), message: 'Term added successfully' };
  },

  'GET /term': async () => {
    const terms = await listChildren('term');
    return { data: terms.map(publicTerm), message: terms.length ? 'Term list' : 'No term found' };
  },

  'GET /term/active': async () => {
    const terms = await listActiveTerms();
    return { data: terms.map(publicTerm), message: terms.length ? 'Active terms' : 'No term found' };
  },

  'PATCH /term/{id}': async ({ params, body }) => {
    const { id } = params;
    const { name, ...change } = body;
    if (name !== undefined) return { data: publicTerm(await renameNode('term', id, name)), message: 'Term renamed successfully' };
    const term = await updateTerm(id, change);
    const message =
      change.status === undefined ? `Term ${term.name} updated` : `Term ${term.name} is now ${change.status ? 'active' : 'inactive'}`;
    return { data: publicTerm(term), message };
  },

  /**
   * Makes the term the active one (docs/product.md §3): now (every other term inactive, in one
   * transaction); from a later date in college time (applied by the scheduled jobs that day); or,
   * with `from: null`, cancels a planned switch. A date of today or before means now.
   */
  'POST /term/{id}/activate': async ({ params, body }) => {
    const { id } = params;
    const { from } = body;
    if (from === null) {
      const terms = await planActivation(id, null);
      return { data: terms.map(publicTerm), message: `The switch to ${nameOf(terms, id)} is cancelled` };
    }
    const { timeZone } = await getSettings();
    if (from && from > todayIn(timeZone)) {
      const terms = await planActivation(id, from);
      return { data: terms.map(publicTerm), message: `${nameOf(terms, id)} becomes the active term on ${from}` };
    }
    const terms = await activateTerm(id);
    return { data: terms.map(publicTerm), message: `${nameOf(terms, id)} is now the active term` };
  },
});
