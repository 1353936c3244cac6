/**
 * The marking flow's URLs (docs/product.md §2.4). Every step is a plain link, so it can be opened in a new
 * tab or reloaded; that is why each URL carries, besides the documented path parameter, whatever the
 * later steps need, in its query string:
 *
 *   /                      Home: semesters of the first active term
 *   /course/:semid         ?termid                        → courses of the semester
 *   /laborlec/:courseid    ?termid&semid                  → Lecture (1) or Lab (2)
 *   /slots/:slotid         ?termid&semid&courseid         → the term's time slots (:slotid is the kind, 1 or 2)
 *   /division/:timeid      ?semid&courseid&kind           → the semester's divisions (:timeid is the time slot)
 *   /batch/:divisionid     ?courseid&kind&slot            → the division's batches (labs only)
 *   /students/:id          ?courseid&kind&slot            → the form (:id is the division for a lecture, the batch for a lab)
 *
 *   extraData   the growing display path, e.g. 'Semester 3 / Data Structures / Lecture / 09:00 - 10:00 / Division 1'
 *   termid      the active term chosen on Home (the time screen lists its slots)
 *   semid       the semester (the division screen lists its divisions)
 *   courseid    the course being marked
 *   kind        the slot kind, 1 Lecture or 2 Lab (decides division → batch or → students)
 *   slot        the time slot id
 *
 * Each step copies the parameters it received and adds its own, so unrelated ones pass through.
 */
export const FLOW_PARAMS = ['termid', 'semid', 'courseid', 'kind', 'slot'] as const;
export type FlowParam = (typeof FLOW_PARAMS)[number];
export type FlowState = Partial<Record<FlowParam, string>> & { extraData: string };

export const PATH_SEPARATOR = ' / ';

/** What the current URL carries. */
export function readFlow(search: URLSearchParams): FlowState {
  const state: FlowState = { extraData: search.get('extraData') ?? '' };
  for (const name of FLOW_PARAMS) {
    const value = search.get(name);
    if (value) state[name] = value;
  }
  return state;
}

/** The link to the next step: the current flow plus `add`, and `label` appended to the display path. */
export function nextStep(path: string, current: FlowState, label: string, add: Partial<Record<FlowParam, string>> = {}): string {
  const search = new URLSearchParams();
  search.set('extraData', current.extraData ? `${current.extraData}${PATH_SEPARATOR}${label}` : label);
  for (const name of FLOW_PARAMS) {
    const value = add[name] ?? current[name];
    if (value) search.set(name, value);
  }
  return `${path}?${search.toString()}`;
}

/** The fixed slot kinds of step 3: ids 1 (Lecture) and 2 (Lab). */
export const parseKind = (value: string | undefined): 1 | 2 | null => (value === '1' ? 1 : value === '2' ? 2 : null);
