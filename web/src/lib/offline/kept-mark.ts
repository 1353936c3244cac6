import { fromWire, kindOfCode, type ClassKind } from '@shared/schemas/wire-names';
import type { ViewLink } from '../view-link';

/** A view link as a saved mark keeps it: by its class kind, or by the kind's code (`kind`: 1 or 2). */
type KeptView = Omit<ViewLink, 'classKind'> & ({ classKind: ClassKind } | { kind: unknown });

/**
 * A mark as IndexedDB keeps it, in the app's names: its body and conflict may hold the wire's names
 * (shared/schemas/wire-names.ts) and its view link the kind's code; a view link of no known kind is dropped.
 */
export function keptMark<Mark extends { view: ViewLink | null }>(kept: Mark): Mark {
  const mark = fromWire(kept) as Mark;
  const view = mark.view as KeptView | null;
  if (!view || 'classKind' in view) return mark;
  const { kind, ...link } = view;
  const classKind = kindOfCode(kind);
  return { ...mark, view: classKind ? { ...link, classKind } : null };
}
