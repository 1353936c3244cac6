import { useRef, useState } from 'react';
import type { Slot } from '@shared/schemas/structure';
import { TIMETABLE_MESSAGES, type TimetableEntry } from '@shared/schemas/timetable';
import { Field } from '@web/components/ui/field';
import { Loaded } from '@web/components/ui/loaded';
import { Notice } from '@web/components/ui/notice';
import { Page } from '@web/components/ui/page';
import { useSlots, useTimetable, useUsers } from '@web/lib/queries';
import { toast } from '@web/lib/toast';
import { useWrite } from '@web/lib/use-write';
import { levelField, semesterHint, termHint, useChain } from '../chain';
import { useEntryNames } from '../timetable';
import { AddClassDialog, type LastChoice, type Owner } from './timetable-add-dialog';
import { DeleteDialog, type DeleteTarget } from './delete-dialog';
import { WeekGrid, type TimetableView } from './timetable-grid';
import './admin.css';

const VIEW_OPTIONS = [
  { value: 'division', label: 'A division' },
  { value: 'faculty', label: 'A faculty member' },
];

/**
 * Timetable (docs/product.md §3), admins: in any term (the active one preselected: next term's week is
 * prepared alongside), the week of a division (semester → division: its lectures and its batches' labs)
 * or of a faculty member; Add in a free cell, Edit and Delete in a filled one.
 */
export function TimetablePage() {
  const chain = useChain({ terms: 'all', preferActive: true, depth: 'division' });
  const [view, setView] = useState<TimetableView>('division');
  const [chosenFaculty, setFaculty] = useState('');
  const users = useUsers(view === 'faculty');
  const faculty = users.data?.find((user) => user._id === chosenFaculty) ?? users.data?.[0];
  const termid = chain.term.id;

  let owner: Owner | null = null;
  if (view === 'division' && chain.division.id)
    owner = { kind: 'division', semid: chain.semester.id, divisionid: chain.division.id, name: chain.division.name };
  if (view === 'faculty' && faculty) owner = { kind: 'faculty', faculty: { _id: faculty._id, username: faculty.username } };

  const userOptions = (users.data ?? []).map((user) => ({ value: user._id, label: `${user.username} (${user.email})` }));
  return (
    <Page
      title="Timetable"
      lead={<p className="admin-lead">The week of a division or of a faculty member, in the active term or one being prepared.</p>}
    >
      <form className="card admin-form" aria-label="Whose timetable" noValidate onSubmit={(event) => event.preventDefault()}>
        <div className="admin-fields">
          <Field label="Term" name="termid" hint={termHint(chain)} {...levelField(chain.term)} />
          <Field
            label="Timetable of"
            name="view"
            options={VIEW_OPTIONS}
            value={view}
            onChange={(event) => setView(event.target.value === 'faculty' ? 'faculty' : 'division')}
          />
          {view === 'division' ? (
            <>
              <Field label="Semester" name="semid" hint={semesterHint(chain)} {...levelField(chain.semester)} />
              <Field label="Division" name="divisionid" {...levelField(chain.division)} />
            </>
          ) : (
            <Field
              label="Faculty member"
              name="facultyid"
              options={userOptions}
              value={faculty?._id ?? ''}
              placeholder={users.error ? `Could not load: ${users.error.message}` : users.data ? 'No users found' : 'Loading…'}
              onChange={(event) => setFaculty(event.target.value)}
            />
          )}
        </div>
      </form>
      {termid && owner ? (
        <Week key={termid} termid={termid} owner={owner} />
      ) : (
        <Notice kind="info">
          {view === 'division' ? 'Choose a division to see its week.' : 'Choose a faculty member to see their week.'}
        </Notice>
      )}
    </Page>
  );
}

/** The chosen week: its slots, entries and names, the grid, and the add and delete dialogs. */
function Week({ termid, owner }: { termid: string; owner: Owner }) {
  const slots = useSlots(termid);
  const entries = useTimetable(
    owner.kind === 'division' ? { termid, groupid: owner.divisionid } : { termid, facultyid: owner.faculty._id },
  );
  const names = useEntryNames(entries.data);
  const heading = useRef<HTMLHeadingElement>(null);
  const write = useWrite();
  const [adding, setAdding] = useState<{ weekday: number; slot: Slot; editing?: TimetableEntry } | null>(null);
  // The last class's choices, offered by the next Add (kept while this week is shown).
  const [last, setLast] = useState<LastChoice | undefined>(undefined);
  const [deleting, setDeleting] = useState<DeleteTarget | null>(null);
  const title = `${TIMETABLE_MESSAGES.list} of ${owner.kind === 'division' ? owner.name : owner.faculty.username}`;

  return (
    <>
      <Loaded list={slots} empty="No slots found">
        {(slotList) => (
          <Loaded list={{ ...entries, data: entries.data && [entries.data] }} empty="">
            {([list]) => (
              <WeekGrid
                title={title}
                heading={heading}
                slots={slotList}
                entries={list!}
                names={names.data}
                view={owner.kind}
                onAdd={(weekday, slot) => setAdding({ weekday, slot })}
                onEdit={(entry, slot) => setAdding({ weekday: entry.weekday, slot, editing: entry })}
                onDelete={(entry, name) => setDeleting({ id: entry._id, name })}
              />
            )}
          </Loaded>
        )}
      </Loaded>
      {adding && (
        <AddClassDialog
          termid={termid}
          weekday={adding.weekday}
          slot={adding.slot}
          owner={owner}
          editing={adding.editing}
          slots={slots.data}
          last={last}
          onClose={() => setAdding(null)}
          onAdded={(message, chosen) => {
            setLast(chosen);
            toast.success(message);
          }}
        />
      )}
      {deleting && (
        <DeleteDialog
          target={deleting}
          remove={(id) => write('DELETE /timetable/{id}', { params: { id } })}
          successMessage={TIMETABLE_MESSAGES.deleted}
          afterDelete={heading}
          onClose={() => setDeleting(null)}
        />
      )}
    </>
  );
}
