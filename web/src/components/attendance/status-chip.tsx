import type { HTMLAttributes } from 'react';
import { STATUS_LABELS, type Status } from './statuses';
import './status-chip.css';

/** A status as a small coloured label that says its word ('Late'), so colour is never the only sign. */
export function StatusChip({ status, ...rest }: { status: Status } & HTMLAttributes<HTMLSpanElement>) {
  return (
    <span className={`status-chip status-${status}`} {...rest}>
      {STATUS_LABELS[status]}
    </span>
  );
}
