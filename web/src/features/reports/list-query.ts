import * as z from 'zod/mini';
import { defaultersQuerySchema, recordQuerySchema, type DefaultersQuery, type RecordQuery } from '@shared/schemas/reports';
import { DEFAULT_SORT, type Sort, type SortKey, type SortOrder } from './defaulters';

/*
 * The Reports screens keep what they show in the address (docs/product.md §2.12), so that Back from a
 * student's record, a reload or a shared link shows the same list:
 *
 *   /reports?semid&divisionid&batchid&threshold&sort&order&below
 *   /reports/student/:id?from&to
 */

/** The list form's fields, as the API names them. */
export type ListValues = { semid: string; divisionid: string; batchid: string; threshold: string };

/** The form's text as the shared query schema reads it: an empty choice is none (the threshold: the college's). */
export const listInput = (values: ListValues) => ({
  semid: values.semid,
  divisionid: values.divisionid || undefined,
  batchid: values.batchid || undefined,
  threshold: values.threshold.trim() || undefined,
});
export const listFormSchema = defaultersQuerySchema;
export type ValidList = z.output<typeof listFormSchema>;

/** The list the address asks for (in the API's order), or null while no semester is chosen. */
export function readListQuery(search: URLSearchParams): DefaultersQuery | null {
  const semid = search.get('semid');
  if (!semid) return null;
  const optional = (name: 'divisionid' | 'batchid' | 'threshold') => {
    const value = search.get(name);
    return value ? { [name]: value } : {};
  };
  return { semid, ...optional('divisionid'), ...optional('batchid'), ...optional('threshold') };
}

/** The form's values for the list the address asks for; the threshold, when it names none, is the college's. */
export const listValues = (query: DefaultersQuery | null, collegeThreshold: string): ListValues => ({
  semid: query?.semid ?? '',
  divisionid: query?.divisionid ?? '',
  batchid: query?.batchid ?? '',
  threshold: query?.threshold ?? collegeThreshold,
});

const SORT_KEYS: readonly SortKey[] = ['enrollment', 'name', 'overall'];
const SORT_ORDERS: readonly SortOrder[] = ['ascending', 'descending'];

export function readSort(search: URLSearchParams): Sort {
  const key = SORT_KEYS.find((each) => each === search.get('sort'));
  const order = SORT_ORDERS.find((each) => each === search.get('order'));
  return key ? { key, order: order ?? 'ascending' } : DEFAULT_SORT;
}

/** Only the students under the threshold. */
export const readOnlyBelow = (search: URLSearchParams): boolean => search.get('below') === '1';

/** The address of a list: its query (as checked, or as the address had it), then how it is shown (the defaults left out). */
export function listSearch(query: ValidList | DefaultersQuery, sort: Sort, onlyBelow: boolean): URLSearchParams {
  const search = new URLSearchParams({ semid: query.semid });
  if (query.divisionid) search.set('divisionid', query.divisionid);
  if (query.batchid) search.set('batchid', query.batchid);
  if (query.threshold !== undefined) search.set('threshold', String(query.threshold));
  if (sort.key !== DEFAULT_SORT.key || sort.order !== DEFAULT_SORT.order) {
    search.set('sort', sort.key);
    search.set('order', sort.order);
  }
  if (onlyBelow) search.set('below', '1');
  return search;
}

/** The record's range form. */
export type RangeValues = { from: string; to: string };
export const rangeInput = (values: RangeValues) => ({ from: values.from || undefined, to: values.to || undefined });
export const rangeFormSchema = recordQuerySchema;

export function readRange(search: URLSearchParams): RecordQuery {
  const from = search.get('from');
  const to = search.get('to');
  return { ...(from ? { from } : {}), ...(to ? { to } : {}) };
}

export const rangeSearch = (range: z.output<typeof recordQuerySchema>): URLSearchParams =>
  new URLSearchParams(Object.entries(range).filter((entry): entry is [string, string] => Boolean(entry[1])));
