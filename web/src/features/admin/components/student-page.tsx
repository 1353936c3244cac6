import { useRef, useState, type FormEvent } from 'react';
import { studentSchema, studentUpdateSchema, type Student } from '@shared/schemas/structure';
import { Dialog } from '@web/components/ui/dialog';
import { TextField } from '@web/components/ui/field';
import { FormBanner, type BannerMessage } from '@web/components/ui/form-banner';
import { Page } from '@web/components/ui/page';
import { errorMessage } from '@web/lib/api-client';
import { withLoader } from '@web/lib/loading';
import { fetchStudent, useStudents, useStudentWrites } from '../api/students';
import { semesterHint, useChain } from '../chain';
import { firstErrors, focusFirstError } from '../validation';
import { AdminList, RowButton } from './admin-list';
import { DeleteDialog, type DeleteTarget } from './delete-dialog';
import { LevelSelect } from './level-select';
import './admin.css';

type Field = 'enrollment' | 'name' | 'email' | 'batchid';
const EMPTY = { enrollment: '', name: '', email: '' };

type TextFieldName = keyof typeof EMPTY;

/** Enrollment, name and email: the same three fields in the add form and the update dialog. */
function StudentFields(props: {
  idPrefix: string;
  values: Record<TextFieldName, string>;
  errors: Partial<Record<TextFieldName, string>>;
  onChange: (field: TextFieldName) => (value: string) => void;
}) {
  const { idPrefix, values, errors, onChange } = props;
  return (
    <>
      <TextField
        id={`${idPrefix}-enrollment`}
        name="enrollment"
        label="Enrollment"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        value={values.enrollment}
        error={errors.enrollment}
        onChange={(event) => onChange('enrollment')(event.target.value)}
      />
      <TextField
        id={`${idPrefix}-name`}
        name="name"
        label="Name"
        autoComplete="off"
        value={values.name}
        error={errors.name}
        onChange={(event) => onChange('name')(event.target.value)}
      />
      <TextField
        id={`${idPrefix}-email`}
        name="email"
        type="email"
        inputMode="email"
        label="Email"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        value={values.email}
        error={errors.email}
        onChange={(event) => onChange('email')(event.target.value)}
      />
    </>
  );
}

/** The batch whose students are listed, and where it sits (the update dialog starts there). */
interface Listed {
  semesterId: string;
  semesterName: string;
  divisionId: string;
  batchId: string;
  batchName: string;
}

/**
 * Student (docs/product.md §2.6): enrollment, name, email and the dependent semester → division → batch
 * dropdowns; Add Student, Get Student; the batch's students with Update and Delete; a message banner
 * and a loading indicator.
 */
export function StudentPage() {
  const chain = useChain({ terms: 'active', depth: 'batch' });
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [banner, setBanner] = useState<BannerMessage | null>(null);
  const [busy, setBusy] = useState(false);
  const [listed, setListed] = useState<Listed | null>(null);
  const [reveal, setReveal] = useState(0);
  const [editing, setEditing] = useState<Student | null>(null);
  const [target, setTarget] = useState<DeleteTarget | null>(null);
  const action = useRef<'add' | 'get'>('add');
  const heading = useRef<HTMLHeadingElement>(null);
  const students = useStudents(listed?.batchId ?? null);
  const writes = useStudentWrites();

  const here = (): Listed => ({
    semesterId: chain.semester.id,
    semesterName: chain.semester.name,
    divisionId: chain.division.id,
    batchId: chain.batch.id,
    batchName: chain.batch.name,
  });

  const update = (field: keyof typeof EMPTY) => (value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setErrors((previous) => ({ ...previous, [field]: undefined }));
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setBanner(null);
    if (action.current === 'get') {
      // docs/product.md §4: Get Student sets the current semester name and the batch, which loads its students.
      if (!chain.batch.id) {
        setErrors({ batchid: 'Please select a batch' });
        document.getElementById('student-batch')?.focus();
        return;
      }
      setErrors({});
      const next = here();
      if (listed?.batchId === next.batchId) void students.mutate();
      setListed(next);
      setReveal((count) => count + 1);
      return;
    }
    if (busy) return;
    const parsed = studentSchema.safeParse({ ...values, batchid: chain.batch.id });
    if (!parsed.success) {
      const next = firstErrors<Field>(parsed.error, 'enrollment');
      setErrors(next);
      focusFirstError(next, [
        ['enrollment', 'student-enrollment'],
        ['name', 'student-name'],
        ['email', 'student-email'],
        ['batchid', 'student-batch'],
      ]);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const answer = await withLoader(() => writes.create(parsed.data));
      setBanner({ kind: 'success', text: answer.message || 'Student added successfully' });
      setValues(EMPTY);
      setListed(here());
    } catch (failure) {
      setBanner({ kind: 'error', text: errorMessage(failure) });
    } finally {
      setBusy(false);
    }
  }

  async function openUpdate(id: string) {
    setBanner(null);
    try {
      // docs/product.md §4: the dialog opens once the student's details are fetched, prefilled with them.
      const answer = await withLoader(() => fetchStudent(id));
      setEditing(answer.data);
    } catch (failure) {
      setBanner({ kind: 'error', text: errorMessage(failure) });
    }
  }

  return (
    <Page
      title="Student"
      lead={<p className="admin-lead">Add students to a batch, or list a batch&rsquo;s students to update or delete them.</p>}
    >
      <form className="card admin-form" onSubmit={onSubmit} noValidate aria-label="Student">
        <div className="admin-fields">
          <StudentFields idPrefix="student" values={values} errors={errors} onChange={update} />
          <LevelSelect level={chain.semester} id="student-semester" name="semester_id" label="Semester" hint={semesterHint(chain)} />
          <LevelSelect level={chain.division} id="student-division" name="division_id" label="Division" />
          <LevelSelect
            level={chain.batch}
            id="student-batch"
            name="batch_id"
            label="Batch"
            error={errors.batchid}
            onChosen={() => setErrors((previous) => ({ ...previous, batchid: undefined }))}
          />
        </div>
        <div className="admin-actions">
          <button type="submit" className="button" onClick={() => (action.current = 'add')} aria-busy={busy || undefined}>
            Add Student
          </button>
          <button type="submit" className="button button-secondary" onClick={() => (action.current = 'get')}>
            Get Student
          </button>
        </div>
      </form>
      <FormBanner message={banner} onDismiss={() => setBanner(null)} />
      {listed && (
        <AdminList
          title={`Students of ${listed.batchName} (${listed.semesterName})`}
          headingRef={heading}
          revealKey={reveal}
          rows={students.data}
          error={students.error}
          isLoading={students.isLoading}
          empty="No students found"
          onRetry={() => void students.mutate()}
          columns={[
            { header: 'Enrollment', cell: (student) => student.enrollment },
            { header: 'Name', cell: (student) => student.name },
            { header: 'Email', cell: (student) => student.email },
          ]}
          actions={(student) => (
            <>
              <RowButton label="Update" item={student.enrollment} onClick={() => void openUpdate(student._id)} />
              <RowButton
                label="Delete"
                item={student.enrollment}
                kind="danger"
                onClick={() => setTarget({ id: student._id, name: `${student.enrollment} ${student.name}` })}
              />
            </>
          )}
        />
      )}
      {editing && listed && (
        <UpdateStudentDialog
          student={editing}
          listed={listed}
          update={writes.update}
          onClose={() => setEditing(null)}
          onUpdated={(text) => setBanner({ kind: 'success', text })}
        />
      )}
      {target && (
        <DeleteDialog
          target={target}
          remove={(id) => withLoader(() => writes.remove(id))}
          successMessage="Student deleted successfully"
          afterDelete={heading}
          onClose={() => setTarget(null)}
          onResult={setBanner}
        />
      )}
    </Page>
  );
}

type UpdateField = 'enrollment' | 'name' | 'email' | 'batchid' | 'form';

interface UpdateStudentDialogProps {
  student: Student;
  listed: Listed;
  update: ReturnType<typeof useStudentWrites>['update'];
  onClose: () => void;
  onUpdated: (message: string) => void;
}

/**
 * 'Update details' (docs/product.md §2.6): enrollment, name and email prefilled, the read-only current semester,
 * semester → division → batch (starting at the student's batch), 'Update Student'. Empty fields stay as they are.
 */
function UpdateStudentDialog({ student, listed, update, onClose, onUpdated }: UpdateStudentDialogProps) {
  const chain = useChain({
    terms: 'active',
    depth: 'batch',
    initial: { semester: listed.semesterId, division: listed.divisionId, batch: student.batchid },
  });
  const [values, setValues] = useState({ enrollment: student.enrollment, name: student.name, email: student.email });
  const [errors, setErrors] = useState<Partial<Record<UpdateField, string>>>({});
  const [busy, setBusy] = useState(false);

  const change = (field: keyof typeof values) => (value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setErrors((previous) => ({ ...previous, [field]: undefined, form: undefined }));
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const parsed = studentUpdateSchema.safeParse({ ...values, batchid: chain.batch.id });
    if (!parsed.success) {
      const next = firstErrors<UpdateField>(parsed.error, 'form');
      setErrors(next);
      focusFirstError(next, [
        ['enrollment', 'update-enrollment'],
        ['name', 'update-name'],
        ['email', 'update-email'],
        ['batchid', 'update-batch'],
      ]);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const answer = await withLoader(() => update(student._id, parsed.data));
      onClose();
      setTimeout(() => onUpdated(answer.message || 'Student updated successfully'));
    } catch (failure) {
      setErrors({ form: errorMessage(failure) });
      setBusy(false);
    }
  }

  return (
    <Dialog title="Update details" onClose={onClose} busy={busy}>
      <form className="admin-form" onSubmit={onSubmit} noValidate aria-label="Update details">
        <p className="admin-readonly">
          Semester <strong>{listed.semesterName}</strong>
        </p>
        <StudentFields idPrefix="update" values={values} errors={errors} onChange={change} />
        <LevelSelect level={chain.semester} id="update-semester" name="semester_id" label="Semester" />
        <LevelSelect level={chain.division} id="update-division" name="division_id" label="Division" />
        <LevelSelect level={chain.batch} id="update-batch" name="batch_id" label="Batch" error={errors.batchid} />
        {errors.form && (
          <p className="form-field-error" role="alert">
            {errors.form}
          </p>
        )}
        <div className="dialog-actions">
          <button type="submit" className="button" aria-busy={busy || undefined}>
            Update Student
          </button>
        </div>
      </form>
    </Dialog>
  );
}
