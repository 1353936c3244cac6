import { useLoading } from '@web/lib/loading';
import './ui.css';

/** Covers the screen while the global loader flag is up (marking attendance). */
export function LoadingOverlay() {
  const loading = useLoading();
  if (!loading) return null;
  return (
    <div className="overlay" role="status" data-testid="loading-overlay">
      <div className="overlay-box">
        <span className="spinner spinner-large" aria-hidden="true" />
        <span>Please wait…</span>
      </div>
    </div>
  );
}
