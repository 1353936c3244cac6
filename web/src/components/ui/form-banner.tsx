import { useEffect, useRef, type ReactNode } from 'react';
import './form.css';

export interface BannerMessage {
  kind: 'success' | 'error';
  text: string;
}

/**
 * A screen's message banner (docs/product.md §2.6): an error (role="alert") or a success (role="status"),
 * dismissible; scrolled into view when a new message shows (on a phone the form's button may be far from it).
 */
export function FormBanner({
  message,
  onDismiss,
  children,
}: {
  message: BannerMessage | null;
  onDismiss?: () => void;
  children?: ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (message) box.current?.scrollIntoView?.({ block: 'nearest' });
  }, [message]);
  if (!message) return null;
  return (
    <div ref={box} className={`form-banner form-banner-${message.kind}`} role={message.kind === 'error' ? 'alert' : 'status'}>
      <p className="form-banner-text">{message.text}</p>
      {children}
      {onDismiss && (
        <button type="button" className="dismiss-button form-banner-close" aria-label="Dismiss message" onClick={onDismiss}>
          <span aria-hidden="true">×</span>
        </button>
      )}
    </div>
  );
}
