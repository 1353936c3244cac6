import type { ReactNode } from 'react';
import './table.css';

/**
 * The box a report's table scrolls sideways in when it is wider than the screen (the page never does),
 * a region named by the table's caption; focusable, so the keyboard can scroll it.
 */
export function TableScroll({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    <div className="table-scroll" role="region" aria-labelledby={labelledBy} tabIndex={0}>
      {children}
    </div>
  );
}
