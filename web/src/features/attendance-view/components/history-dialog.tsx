import type { HistoryEntry } from '@shared/schemas/attendance';
import { StatusChip } from '@web/components/attendance/status-chip';
import { Dialog } from '@web/components/ui/dialog';
import { Loaded } from '@web/components/ui/loaded';
import { formatMoment } from '@web/lib/college-time';
import { useApi } from '@web/lib/use-api';
import { statusSummary } from '../corrections';

/** A session's history (docs/product.md §4): the original mark, then every correction, oldest first; nothing is ever overwritten. */
export function HistoryDialog({ sessionId, group, onClose }: { sessionId: string; group: string; onClose: () => void }) {
  const history = useApi('GET /attendance/{id}/history', { params: { id: sessionId } });
  return (
    <Dialog title={`History of ${group}`} onClose={onClose}>
      <Loaded list={history} empty="No history found">
        {(entries) => (
          <ol className="history-list">
            {entries.map((entry) => (
              <HistoryItem key={entry.version} entry={entry} />
            ))}
          </ol>
        )}
      </Loaded>
    </Dialog>
  );
}

function HistoryItem({ entry }: { entry: HistoryEntry }) {
  const original = entry.reason === null;
  // The original mark lists who was not simply present; a correction, every student it changed.
  const listed = original ? entry.changes.filter((change) => change.to !== 'present') : entry.changes;
  return (
    <li className="history-entry">
      <p className="history-who">
        <strong>
          {original ? 'Marked' : 'Corrected'} by {entry.by.username}
        </strong>
        <span className="history-when">{formatMoment(entry.at)}</span>
      </p>
      {original ? (
        <p className="history-summary">{statusSummary(entry.changes.map((change) => change.to))}</p>
      ) : (
        <p className="history-reason">Reason: {entry.reason}</p>
      )}
      {listed.length > 0 && (
        <ul className="history-changes">
          {listed.map((change) => (
            <li key={change._id}>
              <span className="history-student">
                {change.enrollment} {change.name}
              </span>
              <span className="history-change">
                {change.from && (
                  <>
                    <StatusChip status={change.from} />
                    <span aria-hidden="true">→</span>
                    <span className="visually-hidden"> to </span>
                  </>
                )}
                <StatusChip status={change.to} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
