import { Link } from 'react-router-dom';
import { LinkList, type LinkItem } from '@web/components/ui/link-list';
import { Notice } from '@web/components/ui/notice';
import { Spinner } from '@web/components/ui/spinner';
import type { ApiError } from '@web/lib/api-client';
import './marking.css';

/** The display path carried in extraData (docs/product.md §2.4), e.g. 'Semester 3 / Data Structures / Lecture'. */
export function FlowPath({ path }: { path: string }) {
  if (!path) return null;
  return (
    <p className="flow-path">
      <span className="visually-hidden">Selected: </span>
      {path}
    </p>
  );
}

/** A step opened without the ids of the earlier steps (a hand-typed or truncated URL). */
export function MissingContext() {
  return (
    <Notice
      kind="error"
      action={
        <Link to="/" className="button">
          Start again from Home
        </Link>
      }
    >
      This page is missing the choices of the earlier steps.
    </Notice>
  );
}

interface StepListProps<T> {
  label: string;
  items: T[] | undefined;
  error: ApiError | undefined;
  isLoading: boolean;
  /** The empty-list message of docs/product.md §8. */
  empty: string;
  toLink: (item: T) => LinkItem;
  onRetry: () => void;
}

/** A step's choices: loading, a failed load (with Try again), the empty message, or the links. */
export function StepList<T>({ label, items, error, isLoading, empty, toLink, onRetry }: StepListProps<T>) {
  if (error)
    return (
      <Notice
        kind="error"
        action={
          <button type="button" className="button button-secondary" onClick={onRetry}>
            Try again
          </button>
        }
      >
        {error.message}
      </Notice>
    );
  if (isLoading || !items) return <Spinner />;
  if (items.length === 0) return <Notice kind="empty">{empty}</Notice>;
  return <LinkList label={label} items={items.map(toLink)} />;
}
