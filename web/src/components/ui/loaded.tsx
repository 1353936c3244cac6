import type { ReactNode } from 'react';
import type { ApiError } from '@web/lib/api-client';
import { Notice } from './notice';
import { Spinner } from './spinner';

/** A read as the screens show it (an SWR answer, or the same shape). */
export interface Loadable<T> {
  data?: T[];
  error?: ApiError;
  isLoading: boolean;
  /** Loads it again (Try again). */
  mutate: () => unknown;
}

interface LoadedProps<T> {
  list: Loadable<T>;
  /** The docs/product.md §8 empty message. */
  empty: string;
  /** The list once it has items. */
  children: (items: T[]) => ReactNode;
}

/** A list, or what stands in for it: a failed load (with Try again), a spinner, or the empty message. */
export function Loaded<T>({ list, empty, children }: LoadedProps<T>) {
  if (list.error)
    return (
      <Notice
        kind="error"
        action={
          <button type="button" className="button button-secondary" onClick={() => void list.mutate()}>
            Try again
          </button>
        }
      >
        {list.error.message}
      </Notice>
    );
  if (list.isLoading || !list.data) return <Spinner />;
  if (list.data.length === 0) return <Notice kind="empty">{empty}</Notice>;
  return children(list.data);
}
