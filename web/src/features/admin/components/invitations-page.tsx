import { useId, useState } from 'react';
import {
  INVITATION_MESSAGES,
  runProgress,
  SKIP_REASON_LABELS,
  SKIP_REASONS,
  type InvitationAudience,
  type InvitationRun,
  type InvitationScope,
} from '@shared/schemas/invitation';
import { Field } from '@web/components/ui/field';
import { FormBanner, type BannerMessage } from '@web/components/ui/form-banner';
import { Page } from '@web/components/ui/page';
import { errorMessage } from '@web/lib/api-client';
import { formatMoment } from '@web/lib/college-time';
import { useApi } from '@web/lib/use-api';
import { useWrite } from '@web/lib/use-write';
import { levelField, useChain } from '../chain';
import { InvitationBatchTable } from './invitation-batch-table';
import './admin.css';
import './invitations.css';

const SCOPE_OPTIONS: { value: InvitationScope; label: string }[] = [
  { value: 'batch', label: 'A batch' },
  { value: 'division', label: 'A division' },
  { value: 'semester', label: 'A semester' },
  { value: 'uninvited', label: 'Everyone not invited yet' },
];
const WHO_OPTIONS: { value: InvitationAudience; label: string }[] = [
  { value: 'students', label: 'Students' },
  { value: 'guardians', label: 'Guardians' },
  { value: 'both', label: 'Students and guardians' },
];
const WHO_LABELS = Object.fromEntries(WHO_OPTIONS.map((option) => [option.value, option.label.toLowerCase()]));
/** How often the runs are read again while one is still sending. */
const REFRESH_MS = 3000;

const runTitle = (run: InvitationRun) =>
  `${run.scope === 'uninvited' ? 'Everyone not invited yet' : (run.scopeName ?? run.scope)}: ${WHO_LABELS[run.who]}, ${formatMoment(run.createdAt)}`;

function runSummary(run: InvitationRun): string {
  const reasons = SKIP_REASONS.filter((reason) => run.skippedBecause[reason] > 0).map(
    (reason) => `${run.skippedBecause[reason]} ${SKIP_REASON_LABELS[reason]}`,
  );
  const skipped = run.skipped ? `, ${run.skipped} skipped (${reasons.join(', ')})` : '';
  return `${run.sent} sent${skipped}${run.failed ? `, ${run.failed} failed` : ''} of ${run.total}`;
}

/**
 * Invitations (docs/product.md §4), admins: invite the students and/or guardians of a batch, division or
 * semester, or everyone not invited yet; each run's progress while the jobs send it; and, for the batch
 * chosen, who was invited and who has signed in.
 */
export function InvitationsPage() {
  const [scope, setScope] = useState<InvitationScope>('batch');
  const [who, setWho] = useState<InvitationAudience>('students');
  const [busy, setBusy] = useState(false);
  const [banner, setBanner] = useState<BannerMessage | null>(null);
  const chain = useChain({ terms: 'active', depth: 'batch' });
  const write = useWrite();
  const runsId = useId();
  // Read again every few seconds while a run is still sending (SWR asks with the latest answer).
  const runs = useApi('GET /invitation', {}, { refreshInterval: (data) => (data?.some((run) => runProgress(run) < 1) ? REFRESH_MS : 0) });

  const chosenId = scope === 'uninvited' ? undefined : chain[scope].id;
  async function send() {
    setBanner(null);
    if (scope !== 'uninvited' && !chosenId) return setBanner({ kind: 'error', text: INVITATION_MESSAGES.id });
    setBusy(true);
    try {
      const answer = await write('POST /invitation', { body: { scope, who, ...(chosenId ? { id: chosenId } : {}) } });
      setBanner({ kind: 'success', text: answer.message });
    } catch (failure) {
      setBanner({ kind: 'error', text: errorMessage(failure) });
    } finally {
      setBusy(false);
    }
  }

  // The batch chosen also picks the table of who is invited, whatever the run covers.
  const levels = ['semester', 'division', 'batch'] as const;
  return (
    <Page
      title="Invitations"
      lead={
        <p className="admin-lead">
          Invite students and their guardians to SAMS. Each gets an email that takes them to the sign-in page, where SAMS emails them a
          sign-in link: no password is made or sent. Inviting again is safe: it sends a new email and opens no second account.
        </p>
      }
    >
      <form
        className="card admin-form"
        aria-label="Send invitations"
        noValidate
        onSubmit={(event) => (event.preventDefault(), void send())}
      >
        <div className="admin-fields">
          <Field
            label="Invite"
            name="scope"
            value={scope}
            options={SCOPE_OPTIONS}
            onChange={(event) => setScope(event.target.value as InvitationScope)}
          />
          <Field
            label="Who"
            name="who"
            value={who}
            options={WHO_OPTIONS}
            onChange={(event) => setWho(event.target.value as InvitationAudience)}
          />
          {levels.map((level) => (
            <Field
              key={level}
              label={level[0]!.toUpperCase() + level.slice(1)}
              name={level}
              {...levelField(chain[level], () => setBanner(null))}
            />
          ))}
        </div>
        <div className="admin-actions">
          <button type="submit" className="button" disabled={busy}>
            {busy ? 'Sending…' : 'Send invitations'}
          </button>
        </div>
      </form>
      <FormBanner message={banner} onDismiss={() => setBanner(null)} />

      <section className="admin-list" aria-labelledby={runsId}>
        <h2 id={runsId}>Invitations sent</h2>
        {runs.error && <p role="alert">{runs.error.message}</p>}
        {runs.data?.length === 0 && <p>No invitations sent yet</p>}
        <ul className="invitation-runs">
          {runs.data?.map((run) => (
            <li key={run._id} className="card">
              <label>
                <span className="invitation-run-title">{runTitle(run)}</span>{' '}
                <progress max={run.total || 1} value={run.total ? run.sent + run.skipped + run.failed : 1} />
              </label>
              <p>
                {runSummary(run)}
                {runProgress(run) < 1 ? ': sending' : ''}
              </p>
            </li>
          ))}
        </ul>
      </section>

      <InvitationBatchTable batchid={chain.batch.id} batchName={chain.batch.name} />
    </Page>
  );
}
