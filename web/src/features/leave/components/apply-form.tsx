import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { addDays } from '@shared/dates';
import { leaveApplicationSchema, LEAVE_MESSAGES, type LeaveApplicationInput } from '@shared/schemas/leave';
import type { CollegeSettings } from '@shared/schemas/settings';
import { Field } from '@web/components/ui/field';
import { FormBanner, type BannerMessage } from '@web/components/ui/form-banner';
import { errorMessage } from '@web/lib/api-client';
import { useCollegeTime } from '@web/lib/college-time';
import { useForm } from '@web/lib/form';
import { toast } from '@web/lib/toast';
import { useWrite } from '@web/lib/use-write';
import { useStudentClasses } from '../api';
import { uploadAttachment } from '../upload';
import { dayCount } from '../words';
import { AttachmentField } from './attachment-field';
import { ClassChoice, classKey } from './class-choice';
import { kindRule, needsCertificate } from './kind-rule';

interface ApplyFormProps {
  studentId: string;
  settings: CollegeSettings;
  /** Where a sent application leads: the applications. */
  done: string;
}

/** The application form; the attachment is uploaded first, then the application names it. */
export function ApplyForm({ studentId, settings, done }: ApplyFormProps) {
  const { today } = useCollegeTime();
  const navigate = useNavigate();
  const write = useWrite();
  const [banner, setBanner] = useState<BannerMessage | null>(null);
  const form = useForm(
    { kind: '', from: today, to: today, scope: 'whole', reason: '' },
    { onFailure: (failure) => setBanner({ kind: 'error', text: errorMessage(failure) }) },
  );
  const { values } = form;
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  /** Each time the kind's certificate is found missing: the file field takes the focus, so its message is read out. */
  const [askedForFile, setAskedForFile] = useState(0);
  const some = values.scope === 'some';
  const classes = useStudentClasses(some ? studentId : undefined, values.from, values.to);
  const kind = settings.leaveKinds.find((one) => one.name === values.kind);
  const earliest = addDays(today, -settings.leaveBackDays);

  const toggle = (key: string) => {
    setChosen((previous) => {
      const next = new Set(previous);
      if (!next.delete(key)) next.add(key);
      return next;
    });
    form.clearErrors('classes');
  };

  const input = () => ({
    kind: values.kind,
    from: values.from,
    to: values.to,
    reason: values.reason,
    // Some classes with none ticked is sent as an empty choice: the schema says to tick one (or choose whole days).
    classes: some
      ? (classes.data ?? [])
          .filter((one) => chosen.has(classKey(one)))
          .map(({ date, slotid, courseid, classKind }) => ({ date, slotid, courseid, classKind }))
      : undefined,
  });

  const send = async (application: LeaveApplicationInput) => {
    setBanner(null);
    if (kind && needsCertificate(kind, dayCount(application.from, application.to)) && !file) {
      setFileError(LEAVE_MESSAGES.certificateNeeded(kind.name, kind.certificateOverDays!));
      setAskedForFile((count) => count + 1);
      return;
    }
    const attachment = file ? await uploadAttachment(studentId, file) : undefined;
    const answer = await write('POST /leave/student/{id}', {
      params: { id: studentId },
      body: { ...application, ...(attachment && { attachment }) },
    });
    toast.success(answer.message || LEAVE_MESSAGES.applied);
    navigate(done);
  };

  return (
    <form className="card leave-form" onSubmit={form.handle(leaveApplicationSchema, send, input)} noValidate aria-label="Application">
      <FormBanner message={banner} onDismiss={() => setBanner(null)} />
      <Field
        label="Kind of leave"
        options={settings.leaveKinds.map((one) => ({ value: one.name, label: one.name }))}
        placeholder="Choose the kind"
        hint={kind ? kindRule(kind) : undefined}
        {...form.field('kind')}
      />
      <div className="leave-dates">
        <Field
          label="First day"
          type="date"
          min={earliest}
          hint={`From ${earliest} on.`}
          {...form.field('from')}
          onChange={(event) => {
            const from = event.target.value;
            form.setValues((previous) => ({ ...previous, from, to: previous.to && previous.to < from ? from : previous.to }));
            form.clearErrors('from', 'to', 'classes');
          }}
        />
        <Field label="Last day" type="date" min={values.from || earliest} {...form.field('to')} />
      </div>
      <fieldset className="leave-scope">
        <legend>On leave for</legend>
        {(['whole', 'some'] as const).map((scope) => (
          <label key={scope} className="leave-scope-choice">
            <input
              type="radio"
              name="scope"
              value={scope}
              checked={values.scope === scope}
              onChange={() => {
                form.setValues((previous) => ({ ...previous, scope }));
                form.clearErrors('classes');
              }}
            />
            {scope === 'whole' ? 'Whole days' : 'Some classes'}
          </label>
        ))}
      </fieldset>
      {some && (
        <ClassChoice
          studentId={studentId}
          from={values.from}
          to={values.to}
          chosen={chosen}
          onToggle={toggle}
          error={form.errors.classes}
        />
      )}
      <Field label="Reason" maxLength={500} autoComplete="off" {...form.field('reason')} />
      <AttachmentField
        file={file}
        error={fileError}
        askedAt={askedForFile}
        onChange={(picked, problem) => {
          setFile(picked);
          setFileError(problem ?? undefined);
        }}
      />
      <div className="leave-actions">
        <button type="submit" className="button" aria-busy={form.busy || undefined}>
          Send application
        </button>
      </div>
    </form>
  );
}
