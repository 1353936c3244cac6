import { useEffect, useEffectEvent, useRef, type ChangeEvent, type FormEvent } from 'react';
import { MAX_VIEW_DAYS } from '@shared/attendance-words';
import type { Term } from '@shared/schemas/structure';
import { Field } from '@web/components/ui/field';
import { preloadCheck, useForm } from '@web/lib/form';
import type { ViewLink } from '@web/lib/view-link';
import type { GroupNames, ReportContext, ReportMode } from '../report';
import { nameOf, useViewChoices } from '../view-choices';
import { EMPTY_VALUES, type ValidView, type ViewField, type ViewValues } from '../view-form';

/** What each button checks (../view-schemas.ts): loaded when the form is first sent, so the screen opens without zod. */
const viewSchema = (mode: ReportMode) => import('../view-schemas').then(({ VIEW_SCHEMAS }) => VIEW_SCHEMAS[mode]);

interface ViewAttendanceFormProps {
  term: Term;
  busy: boolean;
  /** `groups`: the names of the divisions (a lecture) or batches (a lab) by id, for the sessions found. */
  onQuery: (mode: ReportMode, view: ValidView, context: ReportContext, groups: GroupNames) => Promise<void>;
  /** A class of one date to show at once (Today's link to a marked class): the form starts filled in with it. */
  link?: ViewLink | null;
}

const SLOT_HINT = 'Needed by Get Attendance. Get Percentage without a slot counts every slot of the course.';

const linkValues = (link: ViewLink): ViewValues => ({
  ...EMPTY_VALUES,
  semester_id: link.semid,
  course_id: link.courseid,
  slot_id: link.slotid,
  slot_count: link.classKind,
  group_id: link.groupid,
  date: link.date,
});

const REQUIRED_SELECTS = ['semester_id', 'course_id'] as const;

/**
 * The view attendance form (docs/product.md §2.7, §4, §5): semester (of the current term), course (the first
 * preselected when a semester is chosen), slot (Get Attendance needs one; Get Percentage without one
 * counts every slot), Lecture or Lab, an optional division or batch, start date and optional end date
 * (a range: each day, or the percentages over it); Get Attendance and Get Percentage.
 */
export function ViewAttendanceForm({ term, busy, onQuery, link = null }: ViewAttendanceFormProps) {
  const form = useForm(link ? linkValues(link) : EMPTY_VALUES);
  const { values, selects, names } = useViewChoices(term, form.values);

  // A change keeps what the form shows (a preselected course becomes a choice); a new semester
  // starts over with its own first course and no group.
  const field = (name: ViewField) => ({
    name,
    value: values[name],
    error: form.errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
      form.setValues({ ...values, [name]: event.target.value, ...(name === 'semester_id' ? { course_id: '', group_id: '' } : {}) });
      form.clearErrors(name);
    },
  });

  const query = (mode: ReportMode, view: ValidView) =>
    onQuery(
      mode,
      view,
      {
        semester: nameOf(names.semester, view.semester_id),
        course: nameOf(names.course, view.course_id),
        classKind: view.slot_count,
        slot: nameOf(names.slot, view.slot_id),
        ...(view.group_id ? { group: nameOf(names.group, view.group_id) } : {}),
        date: view.date,
        ...(view.enddate && view.enddate !== view.date ? { enddate: view.enddate } : {}),
      },
      Object.fromEntries((names.group ?? []).map((option) => [option.value, option.label])),
    );

  // A link's class is shown once every list offers its choices (a choice no longer offered: the form stays as it is).
  const linkPending = useRef(link !== null);
  const linkOffered =
    !!link &&
    values.semester_id === link.semid &&
    values.course_id === link.courseid &&
    values.slot_id === link.slotid &&
    values.group_id === link.groupid;
  const showLink = useEffectEvent(() => {
    if (!linkPending.current) return;
    linkPending.current = false;
    // Not loaded (offline): the form stays as it is, and Get Attendance says why.
    viewSchema('date')
      .then((schema) => {
        const parsed = schema.safeParse(values);
        if (parsed.success) query('date', parsed.data);
      })
      .catch(() => undefined);
  });
  useEffect(() => {
    if (linkOffered) showLink();
  }, [linkOffered]);
  // A link is shown as soon as its lists are in: its check loads beside them, not after.
  useEffect(() => {
    if (linkPending.current) preloadCheck(() => viewSchema('date'));
  }, []);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    // Which button sent it: Enter in a field sends as the first one (Get Attendance).
    const mode: ReportMode = (event.nativeEvent as SubmitEvent).submitter?.getAttribute('value') === 'percentage' ? 'percentage' : 'date';
    if (busy) event.preventDefault();
    else
      void form.handle(
        () => viewSchema(mode),
        (view) => query(mode, view),
        () => values,
      )(event);
  }

  return (
    <form
      className="card view-form"
      onFocus={() => preloadCheck(() => viewSchema('date'))}
      onSubmit={onSubmit}
      noValidate
      aria-label="View attendance"
    >
      <div className="view-fields">
        {REQUIRED_SELECTS.map((name) => (
          <Field key={name} required {...selects[name]} {...field(name)} />
        ))}
        <Field {...selects.slot_id} hint={selects.slot_id.hint ?? SLOT_HINT} {...field('slot_id')} />
        <Field required {...selects.slot_count} {...field('slot_count')} />
        <Field {...selects.group_id} {...field('group_id')} />
        <Field label="Start Date" type="date" required {...field('date')} />
        <Field
          label="End Date (optional)"
          type="date"
          min={values.date || undefined}
          hint={`For a range: Get Attendance shows each day (up to ${MAX_VIEW_DAYS} days), Get Percentage counts them all.`}
          {...field('enddate')}
        />
        <div className="view-actions">
          {/* Not disabled while loading (the focus would be lost): a press then does nothing. */}
          <button type="submit" className="button" value="date" aria-disabled={busy || undefined}>
            Get Attendance
          </button>
          <button type="submit" className="button" value="percentage" aria-disabled={busy || undefined}>
            Get Percentage
          </button>
        </div>
      </div>
    </form>
  );
}
