import { useId, useState } from 'react';
import { decisionSchema, LEAVE_MESSAGES, revokeSchema } from '@shared/schemas/leave';
import { Field } from '@web/components/ui/field';
import { FormBanner, type BannerMessage } from '@web/components/ui/form-banner';
import { ApiError, errorMessage } from '@web/lib/api-client';
import { useForm } from '@web/lib/form';
import { toast } from '@web/lib/toast';
import { useWrite } from '@web/lib/use-write';
import type { LeaveApplication } from '../api';

interface DecisionPanelProps {
  application: LeaveApplication;
  admin: boolean;
  reload: () => unknown;
}

/**
 * What may be done with the application now: Approve or Reject (with an optional comment) while it waits;
 * Revoke (admins, with the reason) once approved; Finish, when an approval or a revocation was interrupted before
 * all its classes were set (sending it again finishes it). Each names the version read: an application changed
 * meanwhile is refused (409), reloaded, and the banner says so.
 */
export function DecisionPanel({ application, admin, reload }: DecisionPanelProps) {
  const [banner, setBanner] = useState<BannerMessage | null>(null);
  const onFailure = (failure: unknown) => {
    if (failure instanceof ApiError && failure.status === 409) void reload();
    setBanner({ kind: 'error', text: errorMessage(failure) });
  };
  if (application.applying && (application.status === 'approved' || admin))
    return <Finish application={application} banner={banner} setBanner={setBanner} onFailure={onFailure} />;
  if (application.status === 'pending')
    return <Decide application={application} banner={banner} setBanner={setBanner} onFailure={onFailure} />;
  if (application.status === 'approved' && admin)
    return <Revoke application={application} banner={banner} setBanner={setBanner} onFailure={onFailure} />;
  return <FormBanner message={banner} onDismiss={() => setBanner(null)} />;
}

interface ActionProps {
  application: LeaveApplication;
  banner: BannerMessage | null;
  setBanner: (message: BannerMessage | null) => void;
  onFailure: (failure: unknown) => void;
}

function Decide({ application, banner, setBanner, onFailure }: ActionProps) {
  const form = useForm({ comment: '' }, { onFailure });
  const write = useWrite();
  const headingId = useId();
  const decide = (decision: 'approve' | 'reject') =>
    form.handle(
      decisionSchema,
      async (body) => {
        setBanner(null);
        const answer = await write('POST /leave/{id}/decision', { params: { id: application._id }, body });
        toast.success(answer.message || (decision === 'approve' ? LEAVE_MESSAGES.approved : LEAVE_MESSAGES.rejected));
      },
      ({ comment }) => ({ decision, comment: comment.trim() || undefined, version: application.version }),
    );
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>Decide</h2>
      <FormBanner message={banner} onDismiss={() => setBanner(null)} />
      <form className="leave-decision" noValidate aria-labelledby={headingId} onSubmit={(event) => event.preventDefault()}>
        <Field label="Comment (optional)" maxLength={500} autoComplete="off" hint="The applicant sees it." {...form.field('comment')} />
        <div className="leave-actions">
          <button type="button" className="button" aria-busy={form.busy || undefined} onClick={decide('approve')}>
            Approve
          </button>
          <button type="button" className="button button-danger" aria-busy={form.busy || undefined} onClick={decide('reject')}>
            Reject
          </button>
        </div>
      </form>
    </section>
  );
}

function Revoke({ application, banner, setBanner, onFailure }: ActionProps) {
  const form = useForm({ comment: '' }, { onFailure });
  const write = useWrite();
  const headingId = useId();
  const revoke = form.handle(
    revokeSchema,
    async (body) => {
      setBanner(null);
      const answer = await write('POST /leave/{id}/revoke', { params: { id: application._id }, body });
      toast.success(answer.message || LEAVE_MESSAGES.revoked);
    },
    ({ comment }) => ({ comment, version: application.version }),
  );
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>Revoke</h2>
      <p>Revoking ends this approved leave. Say why.</p>
      <FormBanner message={banner} onDismiss={() => setBanner(null)} />
      <form className="leave-decision" noValidate aria-labelledby={headingId} onSubmit={revoke}>
        <Field label="Why is it revoked?" maxLength={500} autoComplete="off" {...form.field('comment')} />
        <div className="leave-actions">
          <button type="submit" className="button button-danger" aria-busy={form.busy || undefined}>
            Revoke leave
          </button>
        </div>
      </form>
    </section>
  );
}

function Finish({ application, banner, setBanner, onFailure }: ActionProps) {
  const write = useWrite();
  const headingId = useId();
  const [busy, setBusy] = useState(false);
  const finish = async () => {
    setBanner(null);
    setBusy(true);
    try {
      const params = { id: application._id };
      const answer =
        application.status === 'approved'
          ? await write('POST /leave/{id}/decision', { params, body: { decision: 'approve', version: application.version } })
          : await write('POST /leave/{id}/revoke', {
              params,
              body: { comment: application.history.at(-1)?.comment ?? 'Revoked', version: application.version },
            });
      toast.success(answer.message);
    } catch (failure) {
      onFailure(failure);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>Not finished</h2>
      <p>Some of the classes this leave covers were not updated yet: the last attempt was interrupted.</p>
      <FormBanner message={banner} onDismiss={() => setBanner(null)} />
      <button type="button" className="button" aria-busy={busy || undefined} onClick={() => void finish()}>
        Finish updating its classes
      </button>
    </section>
  );
}
