import { Link } from 'react-router-dom';
import { useActiveTerms } from '@web/lib/queries';
import './current-term.css';

/**
 * The admin's current term in the navigation bar (docs/product.md §2.2): read only, a link to the Term
 * screen, where making another term active is a deliberate, confirmed action.
 */
export function CurrentTerm() {
  const { data: terms, error } = useActiveTerms();
  const name = error ? 'Could not load terms' : !terms ? 'Loading…' : (terms[0]?.name ?? 'No active term');
  return (
    <Link to="/dashboard/term" className="current-term" aria-label={`Active term: ${name}. Change it on the Term screen`}>
      <span className="current-term-label">Active term</span> <span className="current-term-name">{name}</span>
    </Link>
  );
}
