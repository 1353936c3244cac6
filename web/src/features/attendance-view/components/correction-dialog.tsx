import { useEffect, useRef, useState, type FormEvent } from 'react';
import { CORRECTED } from '@shared/attendance-words';
import type { ClassSessionView } from '@shared/schemas/attendance';
import { StatusForm } from '@web/components/attendance/status-form';
import { changedStatuses, type Statuses } from '@web/components/attendance/statuses';
import { Dialog } from '@web/components/ui/dialog';
import { Field } from '@web/components/ui/field';
import { ApiError, errorMessage } from '@web/lib/api-client';
import { preloadCheck, useForm } from '@web/lib/form';
import { toast } from '@web/lib/toast';
import { useWrite } from '@web/lib/use-write';
import { statusesOf } from '../corrections';

/** The correction's schema, with zod: loaded as the dialog opens, so the view screen opens without them. */
const correctionCheck = () => import('@shared/schemas/attendance').then((schemas) => schemas.correctionSchema);

interface CorrectionDialogProps {
  session: ClassSessionView;
  /** The group's name ('Division 1'). */
  group: string;
  date: string;
  onClose: () => void;
  /** The session changed on the server (this correction, or someone else's): the day is read again. */
  onChanged: () => void;
}

/** A session as the server answered it on a 409: its current state, when the answer carries one. */
const currentSession = (failure: unknown): ClassSessionView | null =>
  failure instanceof ApiError && failure.status === 409 && failure.data && typeof failure.data === 'object' && 'students' in failure.data
    ? (failure.data as ClassSessionView)
    : null;

/**
 * Correct a marked session (docs/product.md §2.7): a reason first (above the list, so a phone shows it
 * without scrolling through every student), then the marking form over its stored statuses; sent with
 * the version it was read at. Only the students whose status changes are sent. When someone
 * else changed it meanwhile (409), the form shows the session as it stands now and says so.
 */
export function CorrectionDialog({ session, group, date, onClose, onChanged }: CorrectionDialogProps) {
  const [current, setCurrent] = useState(session);
  const [problem, setProblem] = useState<string | null>(null);
  const problemBox = useRef<HTMLDivElement>(null);
  // The reason sits before the marking form, outside it: Enter in it saves through that form.
  const reasonBox = useRef<HTMLFormElement>(null);
  const statusForm = () => reasonBox.current?.parentElement?.querySelector<HTMLFormElement>('form.attendance-form');
  const write = useWrite();
  const form = useForm(
    { reason: '' },
    {
      onFailure: (failure) => {
        const now = currentSession(failure);
        if (now) {
          setCurrent(now);
          onChanged();
        }
        setProblem(errorMessage(failure));
      },
    },
  );

  const message = problem ?? form.errors.statuses ?? form.errors.version;
  const reasonInvalid = Boolean(form.errors.reason);
  // A new message (a conflict also re-draws the form under the focus): focus it, so it is read out,
  // unless the reason is in error (the focus is on that field then).
  useEffect(() => preloadCheck(correctionCheck), []);
  useEffect(() => {
    if (message && !reasonInvalid) problemBox.current?.focus();
  }, [message, reasonInvalid, current]);
  // A missing reason: its field (first on the screen) takes the focus, so its message is read out.
  useEffect(() => {
    if (form.errors.reason) reasonBox.current?.querySelector('input')?.focus();
  }, [form.errors]);

  function save(statuses: Statuses, event: FormEvent<HTMLFormElement>) {
    setProblem(null);
    const send = form.handle(
      correctionCheck,
      async (body) => {
        const answer = await write('PATCH /attendance/{id}', { params: { id: current._id }, body });
        toast.success(answer.message || CORRECTED);
        onChanged();
        onClose();
      },
      ({ reason }) => ({ statuses: changedStatuses(current.students, statusesOf(current), statuses), reason, version: current.version }),
    );
    void send(event);
  }

  return (
    <Dialog title={`Correct ${group}`} onClose={onClose} busy={form.busy}>
      {message && (
        <div ref={problemBox} className="form-banner form-banner-error" role="alert" tabIndex={-1}>
          <p className="form-banner-text">{message}</p>
        </div>
      )}
      <form
        ref={reasonBox}
        className="correction-reason"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          statusForm()?.requestSubmit();
        }}
      >
        <Field
          label="Reason for the correction"
          hint="Kept in the session's history, with your name."
          autoComplete="off"
          maxLength={500}
          {...form.field('reason')}
        />
      </form>
      <StatusForm
        // A conflict brings a new version: the form starts again from it.
        key={current.version}
        students={current.students}
        initial={statusesOf(current)}
        date={date}
        submitLabel="Save correction"
        submitting={form.busy}
        placement="dialog"
        onSubmit={save}
      />
    </Dialog>
  );
}
