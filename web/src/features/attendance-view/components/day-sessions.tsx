import { useId, useState } from 'react';
import type { ClassSessionView } from '@shared/schemas/attendance';
import { StatusChip } from '@web/components/attendance/status-chip';
import { formatMoment } from '@web/lib/college-time';
import { useSession } from '@web/lib/session';
import { correctionRight, statusSummary } from '../corrections';
import { CorrectionDialog } from './correction-dialog';
import { HistoryDialog } from './history-dialog';
import './day-sessions.css';

interface DaySessionsProps {
  sessions: ClassSessionView[];
  /** The name of a session's division or batch. */
  groupName: (groupid: string) => string;
  date: string;
  /** A session changed: the day is read again. */
  onChanged: () => void;
  /** The cards' heading level: 3 under the date's heading, 4 under a day of a range. */
  headingLevel?: 3 | 4;
}

type Open = { kind: 'edit' | 'history'; session: ClassSessionView } | null;

/**
 * The sessions of the date (docs/product.md §2.7), one card each: every student with their status, who
 * marked it and when, how often it was corrected; at the top of the card, Correct while the caller may
 * correct it, and History (one tap from the session, not below its list of students).
 */
export function DaySessions({ sessions, groupName, date, onChanged, headingLevel = 3 }: DaySessionsProps) {
  const { user } = useSession();
  const [open, setOpen] = useState<Open>(null);
  return (
    <div className="day-sessions">
      {sessions.map((session) => (
        <SessionCard
          key={session._id}
          session={session}
          group={groupName(session.groupid)}
          headingLevel={headingLevel}
          right={correctionRight(session, user)}
          onEdit={() => setOpen({ kind: 'edit', session })}
          onHistory={() => setOpen({ kind: 'history', session })}
        />
      ))}
      {open?.kind === 'edit' && (
        <CorrectionDialog
          session={open.session}
          group={groupName(open.session.groupid)}
          date={date}
          onClose={() => setOpen(null)}
          onChanged={onChanged}
        />
      )}
      {open?.kind === 'history' && (
        <HistoryDialog sessionId={open.session._id} group={groupName(open.session.groupid)} onClose={() => setOpen(null)} />
      )}
    </div>
  );
}

interface SessionCardProps {
  session: ClassSessionView;
  group: string;
  headingLevel: 3 | 4;
  right: ReturnType<typeof correctionRight>;
  onEdit: () => void;
  onHistory: () => void;
}

function SessionCard({ session, group, headingLevel, right, onEdit, onHistory }: SessionCardProps) {
  const headingId = useId();
  const { corrections } = session;
  const Heading = headingLevel === 4 ? 'h4' : 'h3';
  return (
    <article className="session-card" aria-labelledby={headingId}>
      <header className="session-header">
        <div className="session-title">
          <Heading id={headingId}>{group}</Heading>
          <div className="session-actions">
            {right.may && (
              <button type="button" className="button" aria-label={`Correct ${group}`} onClick={onEdit}>
                Correct
              </button>
            )}
            <button type="button" className="button button-secondary" aria-label={`History of ${group}`} onClick={onHistory}>
              History
            </button>
          </div>
        </div>
        {right.note && <p className="session-note">{right.note}</p>}
        <p className="session-meta">
          Marked by {session.markedBy.username}, {formatMoment(session.markedAt)}
          {corrections > 0 && `; corrected ${corrections === 1 ? 'once' : `${corrections} times`}`}
        </p>
        <p className="session-counts">{statusSummary(session.students.map((student) => student.status))}</p>
      </header>
      <ul className="session-students" aria-label={`Students of ${group}`}>
        {session.students.map((student) => (
          <li key={student._id} data-status={student.status}>
            <span className="session-student">
              <span className="enrollment">{student.enrollment}</span> {student.name}
            </span>
            <StatusChip status={student.status} />
          </li>
        ))}
      </ul>
    </article>
  );
}
