import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { QUEUE_PATH } from '@web/components/offline/queue-status';
import { Page } from '@web/components/ui/page';
import { SAVED_ON_PHONE } from '../submit-mark';

/** The confirmation returns home after 3 s (docs/product.md §2.4 step 8). */
export const SUCCESS_REDIRECT_MS = 3000;

/** /success, and /success?saved=1 for a mark saved on this phone to be sent later (docs/product.md §4, marking offline). */
export function SuccessPage() {
  const navigate = useNavigate();
  const saved = useSearchParams()[0].get('saved') === '1';
  useEffect(() => {
    if (saved) return;
    const timer = setTimeout(() => navigate('/', { replace: true }), SUCCESS_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate, saved]);
  if (saved) {
    return (
      <Page title="Saved on this phone" size="narrow">
        <div className="card success-card" role="status">
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
        <p>You will be redirected shortly...</p>
        <Link to="/" replace className="button button-secondary">
          Back to Home now
        </Link>
      </div>
    </Page>
  );
}
