import { todayIn } from '@shared/dates';
import { Conflict, NotFound } from '../domain-errors';
import { logger } from '../http/logger';
import { getSettings } from '../repositories/settings';
import { listChildren } from '../repositories/structure';
import { activateTerm, type TermItem } from '../repositories/terms';

/**
 * Applies the planned switches of active term that are due (docs/product.md §3): a term whose
 * `activeFrom` is today or earlier in college time becomes the active one, the others inactive.
 * Run by the scheduled jobs' Lambda every tick (deployed and under `npm start`), so a switch
 * happens within a tick of the start of its date. Several due at once are applied in date order:
 * the latest wins, as if each had been applied on its day. A plan cancelled or changed meanwhile
 * is left alone. Answers the names of the terms switched to.
 */
export async function applyPlannedActivations(at: Date | number = new Date()): Promise<string[]> {
  const terms = (await listChildren('term')) as TermItem[];
  const planned = terms.filter((term) => term.activeFrom);
  if (!planned.length) return [];
  const today = todayIn((await getSettings()).timeZone, at);
  const due = planned
    .filter((term) => term.activeFrom! <= today)
    .sort((a, b) => a.activeFrom!.localeCompare(b.activeFrom!) || a.name.localeCompare(b.name));
  const applied: string[] = [];
  for (const term of due) {
    try {
      await activateTerm(term._id, term.activeFrom);
      applied.push(term.name);
      logger.info('planned term switch applied', { term: term.name, from: term.activeFrom });
    } catch (error) {
      if (!(error instanceof Conflict || error instanceof NotFound)) throw error;
      logger.warn('planned term switch not applied: changed meanwhile, tried again next run', { term: term.name });
    }
  }
  return applied;
}
