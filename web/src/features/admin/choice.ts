import type { SelectOption } from '@web/components/ui/field';
import type { ApiError } from '@web/lib/api-client';

/*
 * Dependent dropdowns (docs/product.md §4), as derived state: each level shows the item the user chose while it
 * is in the level's list, otherwise the first item (each level preselects its first item), otherwise
 * nothing (an empty list clears the selection, and with it every level below, whose list then
 * waits for a parent). No effects, so a level never shows a value its list does not have.
 */

interface Named {
  _id: string;
  name: string;
}

/** The id a level shows: the user's choice if still listed, else `preferred` (if listed), else the first item, else ''. */
export function pick(items: readonly Named[] | undefined, chosen: string, preferred?: string): string {
  if (!items?.length) return '';
  if (chosen && items.some((item) => item._id === chosen)) return chosen;
  if (preferred && items.some((item) => item._id === preferred)) return preferred;
  return items[0]!._id;
}

export const nameOf = (items: readonly Named[] | undefined, id: string): string => items?.find((item) => item._id === id)?.name ?? '';

interface ListQuery<T> {
  data?: T[];
  error?: ApiError;
  isLoading: boolean;
}

/** A level's select: its options and the text of the empty choice (loading, failed, or the documented empty message). */
export function levelOptions<T extends Named>(query: ListQuery<T>, empty: string): { options: SelectOption[]; placeholder: string } {
  const options = (query.data ?? []).map((item) => ({ value: item._id, label: item.name }));
  const placeholder = query.error ? `Could not load: ${query.error.message}` : query.isLoading ? 'Loading…' : empty;
  return { options, placeholder };
}
