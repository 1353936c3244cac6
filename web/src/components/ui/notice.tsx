import type { ReactNode } from 'react';
import './ui.css';

interface NoticeProps {
  kind?: 'empty' | 'error' | 'info';
  children: ReactNode;
  action?: ReactNode;
}

/** A message in place of a list: empty (docs/product.md §8 texts), a failed load, or a hint. */
export function Notice({ kind = 'info', children, action }: NoticeProps) {
  return (
    <div className={`notice notice-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      <p>{children}</p>
      {action}
    </div>
  );
}
