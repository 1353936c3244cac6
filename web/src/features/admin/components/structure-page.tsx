import { useState } from 'react';
import { SLOT_MESSAGES } from '@shared/schemas/structure';
import { Field } from '@web/components/ui/field';
import { Notice } from '@web/components/ui/notice';
import { Page } from '@web/components/ui/page';
import { useUsers } from '@web/lib/queries';
import { toast } from '@web/lib/toast';
import { useWrite } from '@web/lib/use-write';
import { levelField, semesterHint, termHint, useChain, type Chain, type Level } from '../chain';
import { AdminForm, useAddForm } from './admin-form';
import { AdminList, RowButton } from './admin-list';
import { coordinatorNames, CoordinatorsDialog } from './coordinators-dialog';
import { DeleteDialog, type DeleteTarget } from './delete-dialog';
import { RenameDialog } from './rename-dialog';
import { SlotTimeFields, SlotTimesDialog, slotTimesText, type TimedSlot } from './slot-times-dialog';
import { SCREENS, type StructureScreen } from './structure-screens';
import { useListing } from './use-listing';

/** A listed division, with its leave coordinators. */
type Coordinated = TimedSlot & { coordinators?: string[] };

const LABELS: Record<Level, string> = { term: 'Term', semester: 'Semester', division: 'Division', batch: 'Batch' };
const FIELD_NAMES: Record<Level, string> = { term: 'termid', semester: 'semid', division: 'divisionid', batch: 'batchid' };

/** The parent selects a screen shows, from the term down (any term: next term is prepared alongside the active one). */
function ParentSelects({
  screen,
  chain,
  error,
  onChosen,
}: {
  screen: StructureScreen;
  chain: Chain;
  error?: string;
  onChosen: () => void;
}) {
  const { parent } = screen;
  const shown: Level[] = parent === 'term' ? ['term'] : parent === 'semester' ? ['term', 'semester'] : ['term', 'semester', 'division'];
  return shown.map((level) => (
    <Field
      key={level}
      label={LABELS[level]}
      name={FIELD_NAMES[level]}
      error={level === parent ? error : undefined}
      hint={level === 'semester' ? semesterHint(chain) : level === 'term' ? termHint(chain) : undefined}
      {...levelField(chain[level], onChosen)}
    />
  ));
}

/**
 * Semester, Division, Batch, Course and Slot (docs/product.md §2.5): a name and the parent select(s), Add and
 * Get; the parent's list with Rename and Delete per row, Delete through 'Are you sure ?' (which says what goes with it).
 * A slot also has its class times: two time inputs, a Class times column (a slot an older release
 * stored without them is flagged 'No class times'), and Set times per row. A division also has its leave
 * coordinators (docs/product.md §2.17): a column of their names, and Coordinators per row.
 */
function StructurePage({ screen }: { screen: StructureScreen }) {
  const { parent, parentField } = screen;
  // Every term, the active one first chosen; the semester select lists the chosen term's semesters.
  const chain = useChain({ terms: 'all', preferActive: true, depth: parent });
  const here = { id: chain[parent].id, name: chain[parent].name };
  // On arrival, the preselected parent's list (the active term's, or its first semester's, …).
  const listing = useListing<{ id: string; name: string }>(here.id ? here : null);
  const form = useAddForm(
    { name: '', start: '', end: '' },
    { done: `${screen.title} added successfully`, added: () => listing.show(here) },
  );
  const [target, setTarget] = useState<DeleteTarget | null>(null);
  const [timing, setTiming] = useState<TimedSlot | null>(null);
  const [renaming, setRenaming] = useState<TimedSlot | null>(null);
  const [coordinating, setCoordinating] = useState<Coordinated | null>(null);
  const list = screen.useList(listing.listed?.id);
  const users = useUsers(Boolean(screen.coordinators) && listing.listed !== null);
  const write = useWrite();
  const input = ({ name, start, end }: { name: string; start: string; end: string }) => ({
    name,
    [parentField]: here.id,
    ...(screen.times && { start, end }),
  });
  const untimed = screen.times && listing.listed !== null ? (list.data ?? []).filter((item) => !item.start || !item.end).length : 0;
  const add = form.handleAdd(screen.schema, (body) => write(screen.create, { body }), input);
  // Get needs only the parent.
  const get = form.handle(screen.parentSchema, () => listing.get(here, list), input);

  return (
    <Page title={screen.title} lead={<p className="admin-lead">{screen.lead}</p>}>
      <AdminForm label={screen.title} addLabel={screen.addLabel} getLabel={screen.getLabel} onAdd={add} onGet={get} busy={form.busy}>
        <Field label="Name" autoComplete="off" {...form.field('name')} />
        {screen.times && <SlotTimeFields field={form.field} />}
        <ParentSelects screen={screen} chain={chain} error={form.errors[parentField]} onChosen={() => form.clearErrors(parentField)} />
      </AdminForm>
      {untimed > 0 && (
        <Notice>
          {SLOT_MESSAGES.noTimes} ({untimed === 1 ? '1 slot' : `${untimed} slots`}).
        </Notice>
      )}
      <AdminList
        title={`${screen.plural} of ${listing.listed?.name}`}
        listing={listing}
        list={list}
        empty={screen.empty}
        columns={[
          { header: 'Name', cell: (item) => item.name },
          ...(screen.times ? [{ header: 'Class times', cell: (item: TimedSlot) => slotTimesText(item) }] : []),
          ...(screen.coordinators
            ? [{ header: 'Leave coordinators', cell: (item: Coordinated) => coordinatorNames(item.coordinators, users.data) }]
            : []),
        ]}
        actions={(item) => (
          <>
            <RowButton label="Rename" item={item.name} onClick={() => setRenaming(item)} />
            {screen.times && (
              <RowButton label={item.start && item.end ? 'Change times' : 'Set times'} item={item.name} onClick={() => setTiming(item)} />
            )}
            {screen.coordinators && <RowButton label="Coordinators" item={item.name} onClick={() => setCoordinating(item)} />}
            <RowButton label="Delete" item={item.name} kind="danger" onClick={() => setTarget({ id: item._id, name: item.name })} />
          </>
        )}
      />
      {renaming && (
        <RenameDialog
          label={screen.title}
          item={renaming}
          schema={screen.renameSchema}
          rename={(id, name) => write(screen.rename, { params: { id }, body: { name } })}
          onClose={() => setRenaming(null)}
          onSaved={(message) => toast.success(message)}
        />
      )}
      {coordinating && users.data && (
        <CoordinatorsDialog
          division={coordinating}
          users={users.data}
          onClose={() => setCoordinating(null)}
          onSaved={(message) => toast.success(message)}
        />
      )}
      {timing && <SlotTimesDialog slot={timing} onClose={() => setTiming(null)} onSaved={(message) => toast.success(message)} />}
      {target && (
        <DeleteDialog
          target={target}
          level={screen.kind}
          remove={(id) => write(screen.remove, { params: { id } })}
          successMessage={screen.deleted}
          afterDelete={listing.heading}
          onClose={() => setTarget(null)}
        />
      )}
    </Page>
  );
}

export const SemesterPage = () => <StructurePage screen={SCREENS.semester} />;
export const DivisionPage = () => <StructurePage screen={SCREENS.division} />;
export const BatchPage = () => <StructurePage screen={SCREENS.batch} />;
export const CoursePage = () => <StructurePage screen={SCREENS.course} />;
export const SlotPage = () => <StructurePage screen={SCREENS.slot} />;
