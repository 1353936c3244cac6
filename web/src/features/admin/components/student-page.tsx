import { useState } from 'react';
import { Link } from 'react-router-dom';
import * as z from 'zod/mini';
import { studentSchema, type Student } from '@shared/schemas/structure';
import type { StudentMatch } from '@shared/schemas/student-search';
import { StudentSearch } from '@web/components/student-search/student-search';
import { Field } from '@web/components/ui/field';
import { FormBanner, type BannerMessage } from '@web/components/ui/form-banner';
import { Page } from '@web/components/ui/page';
import { callRoute, errorMessage } from '@web/lib/api-client';
import { csvBlob, safeFileName } from '@web/lib/csv';
import { saveFile } from '@web/lib/download';
import { withLoader } from '@web/lib/loading';
import { useBatchStudents } from '@web/lib/queries';
import { useWrite } from '@web/lib/use-write';
import { levelField, semesterHint, termHint, useChain } from '../chain';
import { guardianCells, guardiansOf, withGuardianCells } from '../guardian-form';
import { exportStudentsCsv, type ExportScope } from '../student-import';
import { AdminForm, useAddForm } from './admin-form';
import { AdminList, RowButton, type Column } from './admin-list';
import { DeleteDialog, type DeleteTarget } from './delete-dialog';
import { GuardianFields, useGuardianRows } from './guardian-fields';
import { GuardiansCell } from './guardians-informed';
import { StudentFields } from './student-fields';
import { UpdateStudentDialog, type Listed } from './update-student-dialog';
import { useListing } from './use-listing';

/** docs/product.md §4: Get Student needs only the batch. */
const batchOnly = z.pick(studentSchema, { batchid: true });
const COLUMNS: Column<Student>[] = [
  { header: 'Enrollment', cell: (student) => student.enrollment },
  { header: 'Name', cell: (student) => student.name },
  { header: 'Email', cell: (student) => student.email },
  { header: 'Guardians', cell: (student) => <GuardiansCell student={student} /> },
];

/**
 * Student (docs/product.md §2.6): enrollment, name, email and the dependent term → semester → division → batch
 * dropdowns; Add Student, Get Student; the batch's students with Update and Delete; a message banner
 * and a loading indicator.
 */
export function StudentPage() {
  // Any term, the active one preselected: next term's students are added alongside.
  const chain = useChain({ terms: 'all', preferActive: true, depth: 'batch' });
  const [banner, setBanner] = useState<BannerMessage | null>(null);
  const failed = (failure: unknown) => setBanner({ kind: 'error', text: errorMessage(failure) });
  const here = (): Listed => ({
    termId: chain.term.id,
    semesterId: chain.semester.id,
    semesterName: chain.semester.name,
    divisionId: chain.division.id,
    batchId: chain.batch.id,
    batchName: chain.batch.name,
  });
  // On arrival, the students of the preselected batch (the active term's first semester, division and batch).
  const listing = useListing<Listed>(chain.batch.id ? here() : null);
  const [editing, setEditing] = useState<Student | null>(null);
  const [target, setTarget] = useState<DeleteTarget | null>(null);
  const students = useBatchStudents(listing.listed?.batchId);
  const write = useWrite();
  const form = useAddForm(
    { enrollment: '', name: '', email: '', dob: '', ...guardianCells([]) },
    {
      done: 'Student added successfully',
      added: () => {
        guardians.reset();
        listing.show(here());
      },
      report: setBanner,
      onFailure: failed,
    },
  );
  const guardians = useGuardianRows(form, 0);
  const input = (values: object) => ({ ...values, batchid: chain.batch.id });
  const add = form.handleAdd(
    withGuardianCells(studentSchema),
    (student) => withLoader(() => write('POST /student', { body: student })),
    (values) => ({ ...input(values), guardians: guardians.rows ? guardiansOf(values, guardians.rows) : undefined }),
  );
  // Get Student sets the current semester name and the batch, which loads its students.
  const get = form.handle(batchOnly, () => listing.get(here(), students), input);

  /** Export: the chosen batch, division or semester as CSV with the import's columns (docs/product.md §2.13). */
  async function exportCsv(level: ExportScope['level']) {
    setBanner(null);
    const semester = { id: chain.semester.id, name: chain.semester.name };
    const division = { id: chain.division.id, name: chain.division.name };
    const batch = { id: chain.batch.id, name: chain.batch.name };
    const scope: ExportScope =
      level === 'semester'
        ? { level, semester }
        : level === 'division'
          ? { level, semester, division }
          : { level, semester, division, batch };
    const chosen = level === 'semester' ? semester : level === 'division' ? division : batch;
    if (!chosen.id) return setBanner({ kind: 'error', text: `Please select a ${level}` });
    try {
      const text = await withLoader(() => exportStudentsCsv(scope));
      saveFile(csvBlob(text), safeFileName(`Students of ${chosen.name}`, 'csv'));
    } catch (failure) {
      failed(failure);
    }
  }

  /** A student found: their batch chosen in the selects and listed, as Get Student would. */
  function showBatch(student: StudentMatch) {
    setBanner(null);
    chain.term.choose(student.termid);
    chain.semester.choose(student.semid);
    chain.division.choose(student.divisionid);
    chain.batch.choose(student.batchid);
    const {
      termid: termId,
      semid: semesterId,
      semester: semesterName,
      divisionid: divisionId,
      batchid: batchId,
      batch: batchName,
    } = student;
    listing.get({ termId, semesterId, semesterName, divisionId, batchId, batchName }, students);
  }

  async function openUpdate(id: string) {
    setBanner(null);
    try {
      // docs/product.md §4: the dialog opens once the student's details are fetched, prefilled with them.
      const answer = await withLoader(() => callRoute('GET /student/student/{id}', { params: { id } }));
      setEditing(answer.data);
    } catch (failure) {
      failed(failure);
    }
  }

  return (
    <Page
      title="Student"
      lead={
        <p className="admin-lead">
          Add students to a batch, or list a batch&rsquo;s students to update or delete them.{' '}
          <Link to="/dashboard/import">Import students (CSV)</Link> · <Link to="/dashboard/studentdata">Student data and erasure</Link>
        </p>
      }
    >
      <StudentSearch
        termid={chain.term.id || undefined}
        action={(student) => (
          <RowButton label="Show batch" item={`${student.enrollment} ${student.name}`} onClick={() => showBatch(student)} />
        )}
      />
      <AdminForm
        label="Student"
        addLabel="Add Student"
        getLabel="Get Student"
        onAdd={(event) => {
          setBanner(null);
          void add(event);
        }}
        onGet={(event) => {
          setBanner(null);
          void get(event);
        }}
        busy={form.busy}
      >
        <StudentFields form={form} />
        <GuardianFields form={form} guardians={guardians} />
        <Field label="Term" name="term_id" hint={termHint(chain)} {...levelField(chain.term)} />
        <Field label="Semester" name="semester_id" hint={semesterHint(chain)} {...levelField(chain.semester)} />
        <Field label="Division" name="division_id" {...levelField(chain.division)} />
        <Field label="Batch" name="batch_id" error={form.errors.batchid} {...levelField(chain.batch, () => form.clearErrors('batchid'))} />
      </AdminForm>
      <div className="admin-actions student-export" role="group" aria-label="Export students as CSV">
        <button type="button" className="button button-secondary" onClick={() => void exportCsv('batch')}>
          Export batch (CSV)
        </button>
        <button type="button" className="button button-secondary" onClick={() => void exportCsv('division')}>
          Export division (CSV)
        </button>
        <button type="button" className="button button-secondary" onClick={() => void exportCsv('semester')}>
          Export semester (CSV)
        </button>
      </div>
      <FormBanner message={banner} onDismiss={() => setBanner(null)} />
      <AdminList
        title={`Students of ${listing.listed?.batchName} (${listing.listed?.semesterName})`}
        listing={listing}
        list={students}
        empty="No students found"
        columns={COLUMNS}
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
      {editing && listing.listed && (
        <UpdateStudentDialog
          student={editing}
          listed={listing.listed}
          onClose={() => setEditing(null)}
          onUpdated={(text) => setBanner({ kind: 'success', text })}
        />
      )}
      {target && (
        <DeleteDialog
          target={target}
          remove={(id) => withLoader(() => write('DELETE /student/{id}', { params: { id } }))}
          successMessage="Student deleted successfully"
          afterDelete={listing.heading}
          onClose={() => setTarget(null)}
          onResult={setBanner}
        />
      )}
    </Page>
  );
}
