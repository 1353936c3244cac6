import { useEffect } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { QUEUE_PATH } from '@web/components/offline/queue-status';
import { Page } from '@web/components/ui/page';
import { SAVED_ON_PHONE } from '../submit-mark';
import { FlowPath } from './flow-parts';

/** The confirmation returns home after 3 s (docs/product.md §2.4 step 8). */
export const SUCCESS_REDIRECT_MS = 3000;

/** What the form hands the confirmation (the navigation's state): the class, its date and the counts. */
export interface MarkedClass {
  /** The display path: 'Semester 3 / Data Structures / Lecture / 09:00 - 10:00 / Division 1'. */
  label: string;
  date: string;
  present: number;
  expected: number;
}

const isMarkedClass = (state: unknown): state is MarkedClass =>
  typeof state === 'object' &&
  state !== null &&
  typeof (state as MarkedClass).label === 'string' &&
  typeof (state as MarkedClass).date === 'string' &&
  typeof (state as MarkedClass).present === 'number' &&
  typeof (state as MarkedClass).expected === 'number';

/** Which class, its date and the counts (nothing when the page was opened without them, e.g. typed). */
function MarkedSummary({ marked }: { marked: MarkedClass | null }) {
  if (!marked) return null;
  return (
    <div className="success-summary">
      <FlowPath path={marked.label} />
      <p>{marked.date}</p>
      <p className="success-counts">
        {marked.present} of {marked.expected} present
      </p>
    </div>
  );
}

/** /success, and /success?saved=1 for a mark saved on this phone to be sent later (docs/product.md §4, marking offline). */
export function SuccessPage() {
  const navigate = useNavigate();
  const saved = useSearchParams()[0].get('saved') === '1';
  const state: unknown = useLocation().state;
  const marked = isMarkedClass(state) ? state : null;
  useEffect(() => {
    if (saved) return;
    const timer = setTimeout(() => navigate('/', { replace: true }), SUCCESS_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate, saved]);
  if (saved) {
    return (
      <Page title="Saved on this phone" size="narrow">
        <div className="card success-card" role="status">
          <MarkedSummary marked={marked} />
          <p>{SAVED_ON_PHONE}.</p>
          <Link to={QUEUE_PATH} className="button button-secondary">
            See the marks waiting
          </Link>
          <Link to="/" replace className="button">
            Back to Home
          </Link>
        </div>
      </Page>
    );
  }
  return (
    <Page title="Attendance Marked Successfully" size="narrow">
      <div className="card success-card" role="status">
        <span className="success-icon" aria-hidden="true">
          ✓
        </span>
        <MarkedSummary marked={marked} />
        <p>You will be redirected shortly...</p>
        <Link to="/" replace className="button button-secondary">
          Back to Home now
        </Link>
      </div>
    </Page>
  );
}
