import { useSearchParams } from 'react-router-dom';
import { useSession } from '@web/lib/session';
import './child-switcher.css';

/**
 * The student a family page shows: a student's own record; a guardian's child chosen by name (?student=,
 * the first child until one is chosen), the same choice on every family page (Home, every class, leave).
 */
export function useChosenChild() {
  const { user } = useSession();
  const [search, setSearch] = useSearchParams();
  const children = user?.students ?? [];
  const child = children.find((one) => one._id === search.get('student')) ?? children[0];
  return {
    children,
    child,
    guardian: user?.role === 'guardian',
    choose: (id: string) => setSearch({ student: id }),
    /** The query that keeps the choice on a link to another family page ('' for a student). */
    keep: user?.role === 'guardian' && child ? `?student=${encodeURIComponent(child._id)}` : '',
  };
}

/** A guardian's switch between children, by name, when there are several; the chosen one's button is pressed. */
export function ChildSwitcher({ chosen }: { chosen: ReturnType<typeof useChosenChild> }) {
  const { children, child, choose } = chosen;
  if (children.length < 2) return null;
  return (
    <nav className="card family-switcher" aria-label="Child">
      {children.map((one) => (
        <button
          key={one._id}
          type="button"
          className={`button${one._id === child?._id ? '' : ' button-secondary'}`}
          aria-pressed={one._id === child?._id}
          onClick={() => choose(one._id)}
        >
          {one.name}
        </button>
      ))}
    </nav>
  );
}
