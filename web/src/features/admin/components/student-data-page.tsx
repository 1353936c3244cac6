import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { DATA_READY_DAYS } from '@shared/schemas/student-data';
import type { ListedDataRequest } from '@shared/schemas/student-data';
import type { StudentMatch } from '@shared/schemas/student-search';
import { StudentSearch } from '@web/components/student-search/student-search';
import { ConfirmDialog } from '@web/components/ui/dialog';
import { Field } from '@web/components/ui/field';
import { FormBanner, type BannerMessage } from '@web/components/ui/form-banner';
import { Notice } from '@web/components/ui/notice';
import { Page } from '@web/components/ui/page';
import { Spinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api-client';
import { formatMoment } from '@web/lib/college-time';
import { downloadStudentData, type DataFormat } from '@web/lib/student-data';
import { useApi } from '@web/lib/use-api';
import { useWrite } from '@web/lib/use-write';
import './admin.css';

interface Named {
  _id: string;
  name: string;
  enrollment: string;
}

/**
 * Student data (docs/product.md §2.21), admins: the requests students and guardians made from Home, fulfilled here
 * (the student and guardians may then download it for DATA_READY_DAYS); any student's data downloaded as JSON or PDF;
 * a student erased, their enrollment typed again to confirm.
 */
export function StudentDataPage() {
  const requests = useApi('GET /student/data-requests', {});
  const write = useWrite();
  const [banner, setBanner] = useState<BannerMessage | null>(null);
  const [erasing, setErasing] = useState<Named | null>(null);
  const headingId = useId();
  const report = (text: string, kind: BannerMessage['kind'] = 'success') => setBanner({ kind, text });

  async function download(id: string, format: DataFormat) {
    setBanner(null);
    try {
      await downloadStudentData(id, format);
    } catch (failure) {
      report(errorMessage(failure), 'error');
    }
  }

  async function fulfil(request: ListedDataRequest) {
    setBanner(null);
    try {
      report((await write('POST /student/{id}/data-request/fulfil', { params: { id: request.studentid } })).message);
    } catch (failure) {
      report(errorMessage(failure), 'error');
    }
  }

  const downloads = (student: Named) => (
    <>
      <button type="button" className="button button-secondary admin-row-button" onClick={() => void download(student._id, 'pdf')}>
        Download PDF<span className="visually-hidden"> of {student.enrollment}</span>
      </button>
      <button type="button" className="button button-secondary admin-row-button" onClick={() => void download(student._id, 'json')}>
        Download JSON<span className="visually-hidden"> of {student.enrollment}</span>
      </button>
    </>
  );

  return (
    <Page
      title="Student data"
      lead={
        <p className="admin-lead">
          Everything SAMS holds about a student, on request; erasure of a student who has left. Each download and erasure is in the{' '}
          <Link to="/dashboard/audit">audit trail</Link>.
        </p>
      }
    >
      <FormBanner message={banner} onDismiss={() => setBanner(null)} />
      <section className="admin-list" aria-labelledby={headingId}>
        <h2 id={headingId}>Requests</h2>
        {requests.error ? (
          <Notice kind="error">{requests.error.message}</Notice>
        ) : !requests.data ? (
          <Spinner />
        ) : requests.data.length === 0 ? (
          <Notice kind="empty">No open requests</Notice>
        ) : (
          <table className="admin-table" aria-labelledby={headingId}>
            <thead>
              <tr>
                <th scope="col">Student</th>
                <th scope="col">Asked</th>
                <th scope="col" className="admin-table-actions-header">
                  Actions
                </th>
              </tr>
            </thead>
            <tbody>
              {requests.data.map((request) => {
                const student = {
                  _id: request.studentid,
                  name: request.student?.name ?? '',
                  enrollment: request.student?.enrollment ?? '',
                };
                return (
                  <tr key={request.studentid}>
                    <td>{request.student ? `${request.student.enrollment} ${request.student.name}` : 'Student gone'}</td>
                    <td>
                      {formatMoment(request.requestedAt)} by {request.requestedBy.username} ({request.requestedBy.role})
                    </td>
                    <td className="admin-table-actions">
                      {request.student && downloads(student)}
                      <button type="button" className="button admin-row-button" onClick={() => void fulfil(request)}>
                        Fulfil<span className="visually-hidden"> the request of {student.enrollment || 'a student gone'}</span>
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
        <p>Fulfilled, a request lets the student and their guardians download the data from Home for {DATA_READY_DAYS} days.</p>
      </section>
      <StudentSearch
        action={(student: StudentMatch) => (
          <>
            {downloads(student)}
            <button
              type="button"
              className="button button-secondary admin-row-button admin-row-button-danger"
              onClick={() => setErasing(student)}
            >
              Erase<span className="visually-hidden"> {student.enrollment}</span>
            </button>
          </>
        )}
      />
      {erasing && (
        <EraseDialog
          student={erasing}
          onClose={() => setErasing(null)}
          onDone={(text, kind) => {
            setErasing(null);
            report(text, kind);
          }}
        />
      )}
    </Page>
  );
}

/** Erase: what goes and what stays, and the enrollment typed again before the button works. */
function EraseDialog({
  student,
  onClose,
  onDone,
}: {
  student: Named;
  onClose: () => void;
  onDone: (text: string, kind: BannerMessage['kind']) => void;
}) {
  const write = useWrite();
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const matches = typed.trim().toLowerCase() === student.enrollment.toLowerCase();

  async function erase() {
    setBusy(true);
    try {
      const answer = await write('POST /student/{id}/erase', { params: { id: student._id }, body: { enrollment: typed } });
      onDone(answer.message, 'success');
    } catch (failure) {
      onDone(errorMessage(failure), 'error');
    }
  }

  return (
    <ConfirmDialog
      title="Erase this student?"
      message={`Erase ${student.enrollment} ${student.name}? This cannot be undone.`}
      details={
        <>
          <p className="delete-details">
            Their record, sign-in, leave with its files and check-ins go; their marks stay as &lsquo;Erased student&rsquo;, so their
            classmates&apos; attendance does not change. Download their data first if they asked for it.
          </p>
          <Field
            label={`Type ${student.enrollment} to confirm`}
            value={typed}
            autoComplete="off"
            onChange={(event) => setTyped(event.target.value)}
          />
        </>
      }
      confirmLabel="Erase"
      confirmDisabled={!matches}
      busy={busy}
      onConfirm={() => void erase()}
      onCancel={onClose}
    />
  );
}
