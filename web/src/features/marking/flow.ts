import type { Params } from 'react-router-dom';
import { kindCode, kindOfCode, type ClassKind } from '@shared/schemas/wire-names';

/*
 * The marking flow's URLs (docs/product.md §2.4), read and written here only. Every step is a plain link,
 * so it can be opened in a new tab or reloaded; that is why each URL carries, besides its path parameter,
 * whatever the later steps need, in its query string. The URLs keep the names the spec gives them:
 *
 *   /                      Home: semesters of the first active term
 *   /course/:semid         ?termid                        → courses of the semester
 *   /laborlec/:courseid    ?termid&semid                  → Lecture (1) or Lab (2)
 *   /slots/:kind           ?termid&semid&courseid         → the term's time slots (:kind is 1 or 2)
 *   /division/:slotid      ?semid&courseid&kind           → the semester's divisions
 *   /batch/:divisionid     ?courseid&kind&slot            → the division's batches (labs only)
 *   /students/:groupid     ?courseid&kind&slot            → the form (the division for a lecture, the batch for a lab)
 *
 *   extraData   the growing display path, e.g. 'Semester 3 / Data Structures / Lecture / 09:00 - 10:00 / Division 1'
 *   termid      the active term chosen on Home (the time screen lists its slots)
 *   semid       the semester (the division screen lists its divisions)
 *   courseid    the course being marked
 *   kind        the class kind, 1 Lecture or 2 Lab (decides division → batch or → students)
 *   slot        the time slot id
 *
 * Each step copies the parameters it received and adds its own, so unrelated ones pass through.
 */

/** Where the flow is: what the current URL's path and query say, by what they are. */
export interface FlowState {
  /** The display path so far ('Semester 3 / Data Structures / Lecture'). */
  displayPath: string;
  termid?: string;
  semid?: string;
  courseid?: string;
  classKind?: ClassKind;
  /** The time slot. */
  slotid?: string;
  /** The division whose batches the lab step lists (a path parameter only). */
  divisionid?: string;
  /** The division (a lecture) or the batch (a lab) being marked (a path parameter only). */
  groupid?: string;
}

/** What the query string carries from step to step. */
type Carried = Pick<FlowState, 'termid' | 'semid' | 'courseid' | 'classKind' | 'slotid'>;

const DISPLAY_PATH = 'extraData';

export const PATH_SEPARATOR = ' / ';

/** The query's parameters of a flow, by their names in the URL, in its order (a class kind as its code). */
const queryOf = (flow: Carried): [string, string | undefined][] => [
  ['termid', flow.termid],
  ['semid', flow.semid],
  ['courseid', flow.courseid],
  ['kind', flow.classKind && String(kindCode(flow.classKind))],
  ['slot', flow.slotid],
];

/** The values given, those not given left out. */
const given = <T extends object>(values: T): T =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined && value !== '')) as T;

/**
 * What the current URL carries: its query, and the step's path parameter (`params`, from useParams, named
 * as web/src/app/router.tsx names them; the time screen's :kind is the class kind's code).
 */
export function readFlow(search: URLSearchParams, params: Readonly<Params> = {}): FlowState {
  const query = (name: string) => search.get(name) ?? undefined;
  return {
    displayPath: search.get(DISPLAY_PATH) ?? '',
    ...given({
      termid: query('termid'),
      semid: params.semid ?? query('semid'),
      courseid: params.courseid ?? query('courseid'),
      classKind: params.kind !== undefined ? kindOfCode(params.kind) : kindOfCode(query('kind')),
      slotid: params.slotid ?? query('slot'),
      divisionid: params.divisionid,
      groupid: params.groupid,
    }),
  };
}

/** The link to the next step: the current flow plus `add`, and `label` appended to the display path. */
export function nextStep(path: string, current: FlowState, label: string, add: Carried = {}): string {
  const search = new URLSearchParams();
  search.set(DISPLAY_PATH, current.displayPath ? `${current.displayPath}${PATH_SEPARATOR}${label}` : label);
  for (const [name, value] of queryOf({ ...given(current), ...given(add) })) {
    if (value) search.set(name, value);
  }
  return `${path}?${search.toString()}`;
}

/** The steps' paths, each with its path parameter. */
export const STEP_PATHS = {
  courses: (semid: string) => `/course/${semid}`,
  kinds: (courseid: string) => `/laborlec/${courseid}`,
  slots: (classKind: ClassKind) => `/slots/${kindCode(classKind)}`,
  divisions: (slotid: string) => `/division/${slotid}`,
  batches: (divisionid: string) => `/batch/${divisionid}`,
  students: (groupid: string) => `/students/${groupid}`,
};
