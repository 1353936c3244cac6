import { useState } from 'react';
import { studentUpdateSchema, type Student } from '@shared/schemas/structure';
import { Dialog } from '@web/components/ui/dialog';
import { Field } from '@web/components/ui/field';
import { errorMessage } from '@web/lib/api-client';
import { useForm } from '@web/lib/form';
import { useWrite } from '@web/lib/use-write';
import { levelField, useChain } from '../chain';
import { guardianCells, guardiansOf, withGuardianCells } from '../guardian-form';
import { GuardianFields, useGuardianRows } from './guardian-fields';
import { GuardiansInformed } from './guardians-informed';
import { StudentFields } from './student-fields';

/** The batch whose students are listed, and where it sits (the update dialog starts there). */
export interface Listed {
  termId: string;
  semesterId: string;
  semesterName: string;
  divisionId: string;
  batchId: string;
  batchName: string;
}

interface UpdateStudentDialogProps {
  student: Student;
  listed: Listed;
  onClose: () => void;
  onUpdated: (message: string) => void;
}

/**
 * 'Update details' (docs/product.md §2.6): enrollment, name, email, date of birth and guardian contacts prefilled (for a
 * minor, whether each guardian was informed), the read-only current semester, semester → division → batch (starting
 * at the student's batch), 'Update Student'. Empty fields stay as they are, but an emptied date of birth is cleared;
 * the guardian contacts shown replace the student's.
 */
export function UpdateStudentDialog({ student, listed, onClose, onUpdated }: UpdateStudentDialogProps) {
  // Within the listed batch's term, whichever it is (moving to another term is Chg Term's).
  const chain = useChain({
    terms: 'all',
    depth: 'batch',
    initial: { term: listed.termId, semester: listed.semesterId, division: listed.divisionId, batch: student.batchid },
  });
  const [failure, setFailure] = useState('');
  const form = useForm(
    {
      enrollment: student.enrollment,
      name: student.name,
      email: student.email ?? '',
      dob: student.dob ?? '',
      ...guardianCells(student.guardians),
    },
    { onFailure: (error) => setFailure(errorMessage(error)) },
  );
  const guardians = useGuardianRows(form, student.guardians?.length ?? 0);
  const hadGuardians = Boolean(student.guardians?.length);
  const write = useWrite();

  const save = form.handle(
    withGuardianCells(studentUpdateSchema),
    async (changes) => {
      setFailure('');
      const answer = await write('PATCH /student/{id}', { params: { id: student._id }, body: changes });
      // Closed first: the page is no longer inert when the message shows, so it is announced.
      onClose();
      onUpdated(answer.message || 'Student updated successfully');
    },
    // The contacts shown replace the student's (none shown clears them); a student who had none and gets none sends nothing.
    (values) => ({
      ...values,
      batchid: chain.batch.id,
      guardians: guardians.rows || hadGuardians ? guardiansOf(values, guardians.rows) : undefined,
      // An emptied date of birth clears it (null); one the student never had is not sent.
      dob: values.dob.trim() || (student.dob ? null : undefined),
    }),
  );

  return (
    <Dialog title="Update details" onClose={onClose} busy={form.busy}>
      <form className="admin-form" onSubmit={save} noValidate aria-label="Update details">
        <p className="admin-readonly">
          Semester <strong>{listed.semesterName}</strong>
        </p>
        <StudentFields form={form} />
        <GuardiansInformed student={student} />
        <GuardianFields form={form} guardians={guardians} />
        <Field label="Semester" name="semester_id" {...levelField(chain.semester)} />
        <Field label="Division" name="division_id" {...levelField(chain.division)} />
        <Field label="Batch" name="batch_id" error={form.errors.batchid} {...levelField(chain.batch, () => form.clearErrors('batchid'))} />
        {failure && (
          <p className="form-field-error" role="alert">
            {failure}
          </p>
        )}
        <div className="dialog-actions">
          <button type="submit" className="button" aria-busy={form.busy || undefined}>
            Update Student
          </button>
        </div>
      </form>
    </Dialog>
  );
}
