import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Notice } from '@web/components/ui/notice';
import { errorMessage } from '@web/lib/api-client';
import { formatMoment } from '@web/lib/college-time';
import { downloadStudentData, type DataFormat } from '@web/lib/student-data';
import { useApi } from '@web/lib/use-api';
import { useWrite } from '@web/lib/use-write';

/**
 * A student's data on request, from Home (docs/product.md §2.21): asked for here by the student or a guardian; once an
 * admin fulfils it, downloaded here as a PDF or JSON until it runs out. Online only: the request is the college's.
 */
export function DataRequestCard({ id, whose }: { id: string; whose: string }) {
  const request = useApi('GET /student/{id}/data-request', { params: { id } });
  const write = useWrite();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const state = request.data;
  const ready = state?.status === 'ready' && state.readyUntil && state.readyUntil > new Date().toISOString();

  async function run(work: () => Promise<unknown>) {
    setProblem(null);
    setBusy(true);
    try {
      await work();
    } catch (failure) {
      setProblem(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }
  const download = (format: DataFormat) => void run(() => downloadStudentData(id, format));

  return (
    <section className="card family-data" aria-labelledby={`data-${id}`}>
      <h2 id={`data-${id}`}>{whose === 'your' ? 'Your data' : `${whose} data`}</h2>
      {request.error ? (
        <Notice kind="error">{request.error.message}</Notice>
      ) : request.data === undefined ? null : ready ? (
        <>
          <p>Ready to download until {formatMoment(state.readyUntil!)}: everything the college&apos;s SAMS holds.</p>
          <button type="button" className="button button-secondary" disabled={busy} onClick={() => download('pdf')}>
            Download PDF
          </button>{' '}
          <button type="button" className="button button-secondary" disabled={busy} onClick={() => download('json')}>
            Download JSON
          </button>
        </>
      ) : state?.status === 'requested' ? (
        <p role="status">Asked for on {formatMoment(state.requestedAt)}: an admin prepares it, then it is here to download.</p>
      ) : (
        <>
          <p>
            Ask the college for a copy of everything SAMS holds about {whose === 'your' ? 'you' : 'them'}. See the{' '}
            <Link to="/privacy">privacy notice</Link>.
          </p>
          <button
            type="button"
            className="button button-secondary"
            disabled={busy}
            onClick={() => void run(() => write('POST /student/{id}/data-request', { params: { id } }))}
          >
            Ask for {whose} data
          </button>
        </>
      )}
      {problem && <Notice kind="error">{problem}</Notice>}
    </section>
  );
}
