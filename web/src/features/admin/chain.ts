import { useState, type ChangeEvent } from 'react';
import type { SelectOption } from '@web/components/ui/field';
import type { ApiError } from '@web/lib/api-client';
import { useActiveTerms, useAllTerms, useBatches, useDivisions, useSemesters } from '@web/lib/queries';
import { levelOptions, nameOf, pick } from './choice';

/** The levels of the structure a screen picks down to. */
export const LEVELS = ['term', 'semester', 'division', 'batch'] as const;
export type Level = (typeof LEVELS)[number];

/** One dropdown of a chain: what it shows and how to choose. */
export interface ChainLevel {
  /** The id shown ('' when the list is empty or still loading). */
  id: string;
  name: string;
  options: SelectOption[];
  placeholder: string;
  choose: (id: string) => void;
  /** The term level only: whether the term shown is active. */
  active?: boolean;
}

export type Chain = Record<Level, ChainLevel>;

interface ChainOptions {
  /**
   * 'active': the active terms only (docs/product.md §2.8 From); 'all': every term, so that an admin
   * prepares next term alongside the active one (the structure screens, the timetable, students, import).
   */
  terms: 'active' | 'all';
  /** With 'all': preselect the first active term rather than the first term. */
  preferActive?: boolean;
  /** The lowest level the screen needs (lower lists are not loaded). */
  depth: Level;
  /** The choices to start from (the update dialog starts at the student's semester, division and batch). */
  initial?: Partial<Record<Level, string>>;
}

const EMPTY: Record<Level, string> = {
  term: 'No term found',
  semester: 'No semester found',
  division: 'No division found',
  batch: 'No batches found',
};

/**
 * Dependent dropdowns term → semester → division → batch (docs/product.md §4): each level lists the children of
 * the one above and shows the user's choice, else its first item; an empty list clears it and every
 * level below. Choosing a level forgets the choices below it, so they preselect their first item.
 */
export function useChain({ terms, preferActive = false, depth, initial = {} }: ChainOptions): Chain {
  const [chosen, setChosen] = useState<Record<Level, string>>({
    term: initial.term ?? '',
    semester: initial.semester ?? '',
    division: initial.division ?? '',
    batch: initial.batch ?? '',
  });
  const needs = (level: Level) => LEVELS.indexOf(level) <= LEVELS.indexOf(depth);

  const allTerms = useAllTerms(terms === 'all');
  const activeTerms = useActiveTerms(terms === 'active');
  const termQuery = terms === 'all' ? allTerms : activeTerms;
  const termId = pick(termQuery.data, chosen.term, preferActive ? termQuery.data?.find((term) => term.status)?._id : undefined);

  const semesterQuery = useSemesters(needs('semester') && termId ? termId : undefined);
  const semesterId = pick(semesterQuery.data, chosen.semester);
  const divisionQuery = useDivisions(needs('division') && semesterId ? semesterId : undefined);
  const divisionId = pick(divisionQuery.data, chosen.division);
  const batchQuery = useBatches(needs('batch') && divisionId ? divisionId : undefined);
  const batchId = pick(batchQuery.data, chosen.batch);

  const choose = (level: Level) => (id: string) =>
    setChosen((previous) => {
      const next = { ...previous, [level]: id };
      for (const lower of LEVELS.slice(LEVELS.indexOf(level) + 1)) next[lower] = '';
      return next;
    });

  const level = <T extends { _id: string; name: string }>(
    name: Level,
    query: { data?: T[]; error?: ApiError; isLoading: boolean },
    id: string,
  ): ChainLevel => ({ id, name: nameOf(query.data, id), ...levelOptions(query, EMPTY[name]), choose: choose(name) });

  return {
    term: { ...level('term', termQuery, termId), active: termQuery.data?.find((term) => term._id === termId)?.status ?? false },
    semester: level('semester', semesterQuery, semesterId),
    division: level('division', divisionQuery, divisionId),
    batch: level('batch', batchQuery, batchId),
  };
}

/**
 * Which term a semester select lists, said under it: the active one, or another term being prepared
 * (chosen in the screen's Term select; making a term active is the Term screen's action).
 */
export function semesterHint(chain: Chain): string | undefined {
  if (chain.term.name) return chain.term.active ? `Semesters of the active term, ${chain.term.name}` : `Semesters of ${chain.term.name}`;
  if (!chain.term.options.length && chain.term.placeholder === EMPTY.term) return 'There is no active term';
  return undefined;
}

/** Under a Term select: whether the chosen term is the active one, or one being prepared. */
export function termHint(chain: Chain): string | undefined {
  if (!chain.term.id) return undefined;
  return chain.term.active ? 'The active term' : 'Not the active term: changes here do not touch the active term';
}

/** A level as a Field's select: its value, options, empty choice, and a change that chooses (then `onChosen`, e.g. to clear a message). */
export const levelField = (level: ChainLevel, onChosen?: () => void) => ({
  value: level.id,
  options: level.options,
  placeholder: level.placeholder,
  onChange: (event: ChangeEvent<HTMLSelectElement>) => {
    level.choose(event.target.value);
    onChosen?.();
  },
});
