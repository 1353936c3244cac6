import { formatThreshold } from '../standing';

/** The word that marks a row under the threshold (not colour alone), read as 'Below 75%'. */
export function BelowBadge({ threshold }: { threshold: number }) {
  return (
    <span className="below-badge">
      Below<span className="visually-hidden"> {formatThreshold(threshold)}</span>
    </span>
  );
}
