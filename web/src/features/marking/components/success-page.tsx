import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Page } from '@web/components/ui/page';

/** The confirmation returns home after 3 s (docs/product.md §2.4 step 8). */
export const SUCCESS_REDIRECT_MS = 3000;

export function SuccessPage() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate('/', { replace: true }), SUCCESS_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
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
