import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { SLOT_KINDS } from '@shared/constants';
import type { Term } from '@shared/schemas/structure';
import type { ApiError } from '@web/lib/api-client';
import { useCourses, useDivisions, useSemesterBatches, useSemesters, useSlots } from '../api/attendance-view';
import type { ReportContext, ReportMode } from '../report';
import { EMPTY_VALUES, FIELD_ORDER, validateView, type FieldErrors, type ValidView, type ViewField, type ViewValues } from '../view-form';

interface Option {
  value: string;
  label: string;
}

interface ViewAttendanceFormProps {
  term: Term;
  busy: boolean;
  onQuery: (mode: ReportMode, view: ValidView, context: ReportContext) => void;
}

const fieldId = (name: ViewField) => `view-${name.replace('_', '-')}`;

/** The choice kept when it is still offered, else the first offered one (or none). */
const keepOrFirst = (chosen: string, options: Option[] | undefined): string =>
  options?.some((option) => option.value === chosen) ? chosen : (options?.[0]?.value ?? '');
/** The choice kept when it is still offered, else none. */
const keepOrNone = (chosen: string, options: Option[] | undefined): string =>
  options?.some((option) => option.value === chosen) ? chosen : '';

/** A list's state as a hint under its select: loading, a failed load, or the docs/product.md §8 empty message. */
function listHint(list: { data?: unknown[]; error?: ApiError; isLoading: boolean }, empty: string): string | undefined {
  if (list.error) return list.error.message;
  if (list.isLoading) return 'Loading…';
  if (list.data && list.data.length === 0) return empty;
  return undefined;
}

/**
 * The view attendance form (docs/product.md §2.7, §4, §5): semester (of the current term), course (the first
 * preselected when a semester is chosen), slot, Lecture or Lab, an optional division or batch,
 * start date and optional end date; Get Attendance and Get Percentage.
 */
export function ViewAttendanceForm({ term, busy, onQuery }: ViewAttendanceFormProps) {
  const [chosen, setChosen] = useState<ViewValues>(EMPTY_VALUES);
  const [errors, setErrors] = useState<FieldErrors>({});
  // Which button submitted: Enter in a field submits as the first one (Get Attendance).
  const mode = useRef<ReportMode>('date');

  const semesters = useSemesters(term._id);
  const slots = useSlots(term._id);
  const semesterOptions = semesters.data?.map((semester) => ({ value: semester._id, label: semester.name }));
  const semesterId = keepOrNone(chosen.semester_id, semesterOptions);
  const courses = useCourses(semesterId || undefined);
  const divisions = useDivisions(semesterId || undefined);
  const kind = chosen.slot_count === '1' || chosen.slot_count === '2' ? chosen.slot_count : '';
  const batches = useSemesterBatches(kind === '2' ? divisions.data : undefined);

  const courseOptions = semesterId ? courses.data?.map((course) => ({ value: course._id, label: course.name })) : [];
  const slotOptions = slots.data?.map((slot) => ({ value: slot._id, label: slot.name }));
  const divisionOptions = divisions.data?.map((division) => ({ value: division._id, label: division.name }));
  const batchGroups = batches.data?.map(({ division, batches }) => ({
    label: division.name,
    options: batches.map((batch) => ({ value: batch._id, label: batch.name })),
  }));
  const groupOptions = kind === '1' ? divisionOptions : kind === '2' ? batchGroups?.flatMap((group) => group.options) : [];

  // What the form holds: the user's choices where still offered (a new semester preselects its first course).
  const values: ViewValues = {
    ...chosen,
    semester_id: semesterId,
    course_id: keepOrFirst(chosen.course_id, courseOptions),
    slot_id: keepOrNone(chosen.slot_id, slotOptions),
    slot_count: kind,
    group_id: keepOrNone(chosen.group_id, groupOptions),
  };

  // A change keeps what the form shows (a preselected course becomes a choice); a new semester
  // starts over with its own first course and no group.
  const update = (field: ViewField) => (value: string) => {
    setChosen({ ...values, [field]: value, ...(field === 'semester_id' ? { course_id: '', group_id: '' } : {}) });
    if (errors[field]) setErrors((previous) => ({ ...previous, [field]: undefined }));
  };

  const nameOf = (options: Option[] | undefined, value: string) => options?.find((option) => option.value === value)?.label ?? '';

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const result = validateView(values, mode.current);
    if (result.errors) {
      setErrors(result.errors);
      const first = FIELD_ORDER.find((field) => result.errors[field]);
      if (first) document.getElementById(fieldId(first))?.focus();
      return;
    }
    setErrors({});
    const view = result.data;
    const slotcount = Number(view.slot_count) as 1 | 2;
    onQuery(mode.current, view, {
      semester: nameOf(semesterOptions, view.semester_id),
      course: nameOf(courseOptions, view.course_id),
      kind: slotcount,
      slot: nameOf(slotOptions, view.slot_id),
      ...(view.group_id ? { group: nameOf(groupOptions, view.group_id) } : {}),
      date: view.date,
      ...(mode.current === 'percentage' && view.enddate ? { enddate: view.enddate } : {}),
    });
  }

  const groupLabel = kind === '1' ? 'Division' : kind === '2' ? 'Batch' : 'Division or batch';
  const groupHint =
    kind === ''
      ? 'Choose Lecture or Lab to filter by division or batch.'
      : kind === '1'
        ? semesterId && listHint(divisions, 'No division found')
        : semesterId && (listHint(divisions, 'No division found') ?? listHint(batches, 'No batches found'));

  return (
    <form className="card view-form" onSubmit={onSubmit} noValidate aria-label="View attendance">
      <div className="view-fields">
        <Field name="semester_id" label="Semester" error={errors.semester_id} hint={listHint(semesters, 'No semester found')}>
          {(control) => (
            <select
              {...control}
              name="semester_id"
              required
              value={values.semester_id}
              onChange={(event) => update('semester_id')(event.target.value)}
            >
              <option value="">Choose a semester</option>
              <Options options={semesterOptions} />
            </select>
          )}
        </Field>
        <Field
          name="course_id"
          label="Course"
          error={errors.course_id}
          hint={semesterId ? listHint(courses, 'No course found') : undefined}
        >
          {(control) => (
            <select
              {...control}
              name="course_id"
              required
              value={values.course_id}
              onChange={(event) => update('course_id')(event.target.value)}
            >
              <option value="">{semesterId ? 'Choose a course' : 'Choose a semester first'}</option>
              <Options options={courseOptions} />
            </select>
          )}
        </Field>
        <Field name="slot_id" label="Slot" error={errors.slot_id} hint={listHint(slots, 'No slots found')}>
          {(control) => (
            <select {...control} name="slot_id" required value={values.slot_id} onChange={(event) => update('slot_id')(event.target.value)}>
              <option value="">Choose a slot</option>
              <Options options={slotOptions} />
            </select>
          )}
        </Field>
        <Field name="slot_count" label="Slot count" error={errors.slot_count}>
          {(control) => (
            <select
              {...control}
              name="slot_count"
              required
              value={values.slot_count}
              onChange={(event) => update('slot_count')(event.target.value)}
            >
              <option value="">Lecture or Lab</option>
              <option value="1">{SLOT_KINDS[1]}</option>
              <option value="2">{SLOT_KINDS[2]}</option>
            </select>
          )}
        </Field>
        <Field name="group_id" label={`${groupLabel} (optional)`} error={errors.group_id} hint={groupHint || undefined}>
          {(control) => (
            <select
              {...control}
              name="group_id"
              value={values.group_id}
              disabled={kind === ''}
              onChange={(event) => update('group_id')(event.target.value)}
            >
              <option value="">{kind === '1' ? 'All divisions' : kind === '2' ? 'All batches' : 'All'}</option>
              {kind === '1' && <Options options={divisionOptions} />}
              {kind === '2' &&
                batchGroups?.map((group) => (
                  <optgroup key={group.label} label={group.label}>
                    <Options options={group.options} />
                  </optgroup>
                ))}
            </select>
          )}
        </Field>
        <Field name="date" label="Start Date" error={errors.date}>
          {(control) => (
            <input
              {...control}
              name="date"
              type="date"
              required
              value={values.date}
              onChange={(event) => update('date')(event.target.value)}
            />
          )}
        </Field>
        <Field name="enddate" label="End Date (optional)" error={errors.enddate} hint="Used by Get Percentage for a range.">
          {(control) => (
            <input
              {...control}
              name="enddate"
              type="date"
              min={values.date || undefined}
              value={values.enddate}
              onChange={(event) => update('enddate')(event.target.value)}
            />
          )}
        </Field>
        <div className="view-actions">
          {/* Not disabled while loading (the focus would be lost): a press then does nothing. */}
          <button type="submit" className="button" aria-disabled={busy || undefined} onClick={() => (mode.current = 'date')}>
            Get Attendance
          </button>
          <button type="submit" className="button" aria-disabled={busy || undefined} onClick={() => (mode.current = 'percentage')}>
            Get Percentage
          </button>
        </div>
      </div>
    </form>
  );
}

/** The attributes tying a control to its label's error or hint. */
interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FieldProps {
  name: ViewField;
  label: string;
  error?: string;
  hint?: string;
  children: (control: ControlProps) => ReactNode;
}

/** A labelled control with its error (or else its hint) under it. */
function Field({ name, label, error, hint, children }: FieldProps) {
  const id = fieldId(name);
  const note = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className="view-field">
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': note })}
      {error ? (
        <p id={note} className="view-field-error">
          {error}
        </p>
      ) : (
        hint && (
          <p id={note} className="view-field-hint">
            {hint}
          </p>
        )
      )}
    </div>
  );
}

const Options = ({ options }: { options: Option[] | undefined }) =>
  options?.map((option) => (
    <option key={option.value} value={option.value}>
      {option.label}
    </option>
  ));
