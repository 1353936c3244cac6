import { dismissToast, useToasts } from '@web/lib/toast';
import './ui.css';

/** The toasts: errors red (role="alert"), successes green (role="status"); each hides after 2.5 s. */
export function Toaster() {
  const toasts = useToasts();
  return (
    <div className="toaster" aria-label="Notifications" role="region">
      {toasts.map((toast) => (
        <div key={toast.id} className={`toast toast-${toast.kind}`} role={toast.kind === 'error' ? 'alert' : 'status'}>
          <span className="toast-message">{toast.message}</span>
          <button type="button" className="dismiss-button toast-close" aria-label="Dismiss" onClick={() => dismissToast(toast.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
