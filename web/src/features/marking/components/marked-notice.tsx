import { Link } from 'react-router-dom';
import type { ClassSessionView } from '@shared/schemas/attendance';
import { Notice } from '@web/components/ui/notice';
import { useCollegeTime } from '@web/lib/college-time';

interface MarkedNoticeProps {
  marked: Pick<ClassSessionView, 'markedBy' | 'markedAt'>;
  /** The view of this class (web/src/lib/view-link.ts), where it can be seen and corrected; null when the flow lacks the semester. */
  viewTo: string | null;
  /** The server's refusal, when the class was found marked on submit (the spec's text). */
  refusal?: string;
}

/** In place of the form: the class is already marked, by whom and when, with the way to see or correct it. */
export function MarkedNotice({ marked, viewTo, refusal }: MarkedNoticeProps) {
  const { moment } = useCollegeTime();
  return (
    <Notice
      kind="info"
      action={
        <div className="marked-actions">
          {viewTo && (
            <Link to={viewTo} className="button">
              View or correct it
            </Link>
          )}
          <Link to="/" className="button button-secondary">
            Back to Home
          </Link>
        </div>
      }
    >
      {refusal && (
        <>
          {refusal} <br />
        </>
      )}
      This class is already marked. Marked by {marked.markedBy.username} at{' '}
      <time className="marked-at" dateTime={marked.markedAt}>
        {moment(marked.markedAt)}
      </time>
      .
    </Notice>
  );
}
