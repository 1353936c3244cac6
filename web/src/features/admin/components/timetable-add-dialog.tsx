import { useState } from 'react';
import { SLOT_KINDS } from '@shared/constants';
import type { Slot } from '@shared/schemas/structure';
import { TIMETABLE_MESSAGES, timetableEntrySchema, WEEKDAYS } from '@shared/schemas/timetable';
import type { UserRef } from '@shared/schemas/attendance';
import { Dialog, DialogEnd } from '@web/components/ui/dialog';
import { Field } from '@web/components/ui/field';
import { errorMessage, type ApiError } from '@web/lib/api-client';
import { useForm } from '@web/lib/form';
import { useCourses, useUsers } from '@web/lib/queries';
import { useWrite } from '@web/lib/use-write';
import { levelField, useChain } from '../chain';

/** Whose week the class goes into: a division (of a semester), or a faculty member. */
export type Owner = { kind: 'division'; semid: string; divisionid: string; name: string } | { kind: 'faculty'; faculty: UserRef };

interface AddClassDialogProps {
  termid: string;
  weekday: number;
  slot: Slot;
  owner: Owner;
  onClose: () => void;
  onAdded: (message: string) => void;
}

const KIND_OPTIONS = ([1, 2] as const).map((kind) => ({ value: String(kind), label: SLOT_KINDS[kind] }));

/** A select's empty choice: what it waits for, why it failed, that it is empty, or `choose`. */
const emptyChoice = (query: { data?: unknown[]; error?: ApiError }, empty: string, choose: string) =>
  query.error ? `Could not load: ${query.error.message}` : !query.data ? 'Loading…' : query.data.length ? choose : empty;

/** The id shown: the choice while its list offers it, else none. */
const offered = (items: readonly { _id: string }[] | undefined, chosen: string) =>
  items?.some((item) => item._id === chosen) ? chosen : '';

/**
 * Add a class to a cell of the week (docs/product.md §3): the course, lecture or lab, the group (a division's
 * own week: the division or one of its batches; a faculty member's: semester, division, and for a lab a
 * batch) and, in a division's week, the faculty member. The server's refusals (a clash: 409) show here.
 */
export function AddClassDialog({ termid, weekday, slot, owner, onClose, onAdded }: AddClassDialogProps) {
  const ofDivision = owner.kind === 'division';
  // The week's term, whichever it is (next term's week is prepared alongside the active one).
  const chain = useChain({
    terms: 'all',
    depth: 'batch',
    initial: ofDivision ? { term: termid, semester: owner.semid, division: owner.divisionid } : { term: termid },
  });
  const courses = useCourses(chain.semester.id || undefined);
  const users = useUsers(ofDivision);
  const [failure, setFailure] = useState('');
  const form = useForm({ courseid: '', slotcount: '', facultyid: '' }, { onFailure: (error) => setFailure(errorMessage(error)) });
  const write = useWrite();
  const lab = form.values.slotcount === '2';
  const courseid = offered(courses.data, form.values.courseid);
  const facultyid = ofDivision ? offered(users.data, form.values.facultyid) : owner.faculty._id;

  const add = form.handle(
    timetableEntrySchema,
    async (entry) => {
      setFailure('');
      const answer = await write('POST /timetable', { body: entry });
      onClose();
      onAdded(answer.message || TIMETABLE_MESSAGES.created);
    },
    (values) => ({
      termid,
      weekday,
      slotid: slot._id,
      courseid,
      slotcount: values.slotcount ? Number(values.slotcount) : undefined,
      groupid: lab ? chain.batch.id : chain.division.id,
      facultyid,
    }),
  );

  const courseOptions = (courses.data ?? []).map((course) => ({ value: course._id, label: course.name }));
  const userOptions = (users.data ?? []).map((user) => ({ value: user._id, label: `${user.username} (${user.email})` }));
  return (
    <Dialog title={`Add a class: ${WEEKDAYS[weekday - 1]}, ${slot.name}`} onClose={onClose} busy={form.busy}>
      <form className="admin-form" onSubmit={add} noValidate aria-label="Add a class">
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
        <Field label="Lecture or Lab" options={KIND_OPTIONS} placeholder="Lecture or Lab" {...form.field('slotcount')} />
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
        <DialogEnd failure={failure} onCancel={onClose} submitLabel="Add class" busy={form.busy} />
      </form>
    </Dialog>
  );
}
