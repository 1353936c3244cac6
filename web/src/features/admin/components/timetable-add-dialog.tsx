import { useState } from 'react';
import type { Slot } from '@shared/schemas/structure';
import { TIMETABLE_MESSAGES, timetableEntrySchema, WEEKDAYS, type TimetableEntry } from '@shared/schemas/timetable';
import type { UserRef } from '@shared/schemas/attendance';
import { CLASS_KINDS } from '@shared/schemas/wire-names';
import { Dialog, DialogEnd } from '@web/components/ui/dialog';
import { Field } from '@web/components/ui/field';
import { errorMessage, type ApiError } from '@web/lib/api-client';
import { CLASS_KIND_LABELS } from '@shared/constants';
import { useForm } from '@web/lib/form';
import { useCourses, useUsers } from '@web/lib/queries';
import { useWrite } from '@web/lib/use-write';
import { levelField, useChain } from '../chain';

/** Whose week the class goes into: a division (of a semester), or a faculty member. */
export type Owner = { kind: 'division'; semid: string; divisionid: string; name: string } | { kind: 'faculty'; faculty: UserRef };

/** What the last class added chose, offered again by the next one (fewer clicks for a run of one course's classes). */
export interface LastChoice {
  courseid: string;
  /** 'lecture', 'lab', or '' when not chosen. */
  classKind: string;
  facultyid: string;
}

interface AddClassDialogProps {
  termid: string;
  weekday: number;
  slot: Slot;
  owner: Owner;
  /** The entry to change (PATCH): the dialog opens with its choices, and its weekday and slot may change too. */
  editing?: TimetableEntry;
  /** The term's slots, offered when editing. */
  slots?: readonly Slot[];
  last?: LastChoice;
  onClose: () => void;
  /** After the class is added or changed: the server's message, and what was chosen. */
  onAdded: (message: string, chosen: LastChoice) => void;
}

const KIND_OPTIONS = CLASS_KINDS.map((kind) => ({ value: kind, label: CLASS_KIND_LABELS[kind] }));
const WEEKDAY_OPTIONS = WEEKDAYS.map((day, index) => ({ value: String(index + 1), label: day }));
/** When the class meets: '' is every week. */
const WEEKS_OPTIONS = [
  { value: '', label: 'Every week' },
  { value: 'odd', label: 'Odd weeks' },
  { value: 'even', label: 'Even weeks' },
];
const weeksOf = (value: string) => (value === 'odd' || value === 'even' ? value : undefined);

/** A select's empty choice: what it waits for, why it failed, that it is empty, or `choose`. */
const emptyChoice = (query: { data?: unknown[]; error?: ApiError }, empty: string, choose: string) =>
  query.error ? `Could not load: ${query.error.message}` : !query.data ? 'Loading…' : query.data.length ? choose : empty;

/** The id shown: the choice while its list offers it, else none. */
const offered = (items: readonly { _id: string }[] | undefined, chosen: string) =>
  items?.some((item) => item._id === chosen) ? chosen : '';

/** The chain's first choices: the owner's division, or (editing) the entry's semester, division and batch. */
function initialChain(termid: string, owner: Owner, editing?: TimetableEntry) {
  if (editing) {
    const batch = editing.classKind === 'lab' ? { batch: editing.groupid } : {};
    return { term: termid, semester: editing.semid, division: editing.divisionid, ...batch };
  }
  return owner.kind === 'division' ? { term: termid, semester: owner.semid, division: owner.divisionid } : { term: termid };
}

/**
 * Add a class to a cell of the week, or change one (docs/product.md §3): the course, lecture or lab, the group
 * (a division's own week: the division or one of its batches; a faculty member's: semester, division, and for
 * a lab a batch) and, in a division's week, the faculty member; a change may also move it to another weekday
 * or slot. A class meets every week, or in odd or even weeks of the term only. A new class starts from the last one's course, kind and faculty member. The server's refusals (a
 * clash: 409, naming the other class) show here.
 */
export function AddClassDialog({ termid, weekday, slot, owner, editing, slots, last, onClose, onAdded }: AddClassDialogProps) {
  const ofDivision = owner.kind === 'division';
  // The week's term, whichever it is (next term's week is prepared alongside the active one).
  const chain = useChain({ terms: 'all', depth: 'batch', initial: initialChain(termid, owner, editing) });
  const courses = useCourses(chain.semester.id || undefined);
  const users = useUsers(ofDivision);
  const [failure, setFailure] = useState('');
  const start = editing
    ? { courseid: editing.courseid, classKind: editing.classKind, facultyid: editing.facultyid }
    : (last ?? { courseid: '', classKind: '', facultyid: '' });
  const form = useForm(
    { ...start, weekday: String(weekday), slotid: slot._id, weeks: editing?.weeks ?? '' },
    { onFailure: (error) => setFailure(errorMessage(error)) },
  );
  const write = useWrite();
  const lab = form.values.classKind === 'lab';
  const courseid = offered(courses.data, form.values.courseid);
  const facultyid = ofDivision ? offered(users.data, form.values.facultyid) : owner.faculty._id;

  const add = form.handle(
    timetableEntrySchema,
    async ({ termid: _, ...entry }) => {
      setFailure('');
      // A change sends the weeks only when they change: left out, they are kept; null is every week.
      const { weeks, ...rest } = entry;
      const weeksChange = editing && weeks !== editing.weeks ? { weeks: weeks ?? null } : {};
      const answer = editing
        ? await write('PATCH /timetable/{id}', { params: { id: editing._id }, body: { ...rest, ...weeksChange } })
        : await write('POST /timetable', { body: { termid, ...entry } });
      onClose();
      const chosen = { courseid: entry.courseid, classKind: entry.classKind, facultyid: entry.facultyid };
      onAdded(answer.message || (editing ? TIMETABLE_MESSAGES.updated : TIMETABLE_MESSAGES.created), chosen);
    },
    (values) => ({
      termid,
      weekday: Number(values.weekday),
      slotid: values.slotid,
      courseid,
      classKind: values.classKind || undefined,
      groupid: lab ? chain.batch.id : chain.division.id,
      facultyid,
      weeks: weeksOf(values.weeks),
    }),
  );

  const courseOptions = (courses.data ?? []).map((course) => ({ value: course._id, label: course.name }));
  const userOptions = (users.data ?? []).map((user) => ({ value: user._id, label: `${user.username} (${user.email})` }));
  const slotOptions = (slots ?? [slot]).map((one) => ({ value: one._id, label: one.name }));
  const title = `${editing ? 'Change a class' : 'Add a class'}: ${WEEKDAYS[weekday - 1]}, ${slot.name}`;
  return (
    <Dialog title={title} onClose={onClose} busy={form.busy}>
      <form className="admin-form" onSubmit={add} noValidate aria-label={editing ? 'Change a class' : 'Add a class'}>
        <p className="admin-readonly">
          {ofDivision ? (
            <>
              Timetable of <strong>{owner.name}</strong>
            </>
          ) : (
            <>
              Taught by <strong>{owner.faculty.username}</strong>
            </>
          )}
        </p>
        {!ofDivision && <Field label="Semester" name="semid" {...levelField(chain.semester)} />}
        <Field
          label="Course"
          {...form.field('courseid')}
          value={courseid}
          options={courseOptions}
          placeholder={chain.semester.id ? emptyChoice(courses, 'No courses found', 'Choose a course') : 'Choose a semester first'}
        />
        <Field label="Lecture or Lab" options={KIND_OPTIONS} placeholder="Lecture or Lab" {...form.field('classKind')} />
        {!ofDivision && (
          <Field
            label="Division"
            name="divisionid"
            error={lab ? undefined : form.errors.groupid}
            {...levelField(chain.division, () => form.clearErrors('groupid'))}
          />
        )}
        {lab && (
          <Field label="Batch" name="batchid" error={form.errors.groupid} {...levelField(chain.batch, () => form.clearErrors('groupid'))} />
        )}
        {ofDivision && (
          <Field
            label="Faculty member"
            {...form.field('facultyid')}
            value={facultyid}
            options={userOptions}
            placeholder={emptyChoice(users, 'No users found', 'Choose a faculty member')}
          />
        )}
        <Field
          label="Meets"
          options={WEEKS_OPTIONS}
          hint="Odd and even weeks are counted from the term's first day."
          {...form.field('weeks')}
        />
        {editing && (
          <>
            <Field label="Weekday" options={WEEKDAY_OPTIONS} {...form.field('weekday')} />
            <Field label="Slot" options={slotOptions} {...form.field('slotid')} />
          </>
        )}
        <DialogEnd failure={failure} onCancel={onClose} submitLabel={editing ? 'Save changes' : 'Add class'} busy={form.busy} />
      </form>
    </Dialog>
  );
}
