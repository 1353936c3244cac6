import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { DraftClass } from '@web/lib/offline/mark-drafts';
import { ApiError, callRoute } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';

/**
 * 'Open check-in' on a class's form (docs/product.md §2.18): opens it (while the class is on) and goes to the
 * classroom screen, which comes back to this form filled from who checked in.
 */
export function OpenCheckIn({ of }: { of: DraftClass }) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [opening, setOpening] = useState(false);
  async function open() {
    setOpening(true);
    try {
      const { courseid, slotid, classKind, groupid } = of;
      const answer = await callRoute('POST /checkin', { body: { courseid, slotid, classKind, groupid } });
      const back = `${pathname}${search.replace(/([?&])checkin=[^&]*&?/, '$1').replace(/[?&]$/, '')}`;
      navigate(`/checkin/${encodeURIComponent(answer.data!._id)}?back=${encodeURIComponent(back)}`);
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : 'Could not open check-in');
      setOpening(false);
    }
  }
  return (
    <div className="open-check-in">
      <button type="button" className="button button-secondary" onClick={() => void open()} disabled={opening}>
        Open check-in
      </button>
      <p className="step-lead">Students check in with their phones; you mark from who checked in.</p>
    </div>
  );
}
