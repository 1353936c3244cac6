import { useState } from 'react';
import { Field } from '@web/components/ui/field';
import { Page } from '@web/components/ui/page';
import { useWrite } from '@web/lib/use-write';
import { levelField, semesterHint, useChain, type Chain, type Level } from '../chain';
import { AdminForm, useAddForm } from './admin-form';
import { AdminList, RowButton } from './admin-list';
import { DeleteDialog, type DeleteTarget } from './delete-dialog';
import { SCREENS, type StructureScreen } from './structure-screens';
import { useListing } from './use-listing';

const LABELS: Record<Level, string> = { term: 'Term', semester: 'Semester', division: 'Division', batch: 'Batch' };
const FIELD_NAMES: Record<Level, string> = { term: 'termid', semester: 'semid', division: 'divisionid', batch: 'batchid' };

/** The parent selects a screen shows: a term; a semester of the active term; or a semester and one of its divisions. */
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
  const shown: Level[] = parent === 'term' ? ['term'] : parent === 'semester' ? ['semester'] : ['semester', 'division'];
  return shown.map((level) => (
    <Field
      key={level}
      label={LABELS[level]}
      name={FIELD_NAMES[level]}
      error={level === parent ? error : undefined}
      hint={level === 'semester' ? semesterHint(chain) : undefined}
      {...levelField(chain[level], onChosen)}
    />
  ));
}

/**
 * Semester, Division, Batch, Course and Slot (docs/product.md §2.5): a name and the parent select(s), Add and
 * Get; the parent's list with Delete per row, through 'Are you sure ?' (which says what goes with it).
 */
function StructurePage({ screen }: { screen: StructureScreen }) {
  const { parent, parentField } = screen;
  // A term select lists every term (the active one first chosen); a semester select the semesters of the active term.
  const chain = useChain(parent === 'term' ? { terms: 'all', preferActive: true, depth: 'term' } : { terms: 'active', depth: parent });
  const listing = useListing<{ id: string; name: string }>();
  const here = { id: chain[parent].id, name: chain[parent].name };
  const form = useAddForm({ name: '' }, { done: `${screen.title} added successfully`, added: () => listing.show(here) });
  const [target, setTarget] = useState<DeleteTarget | null>(null);
  const list = screen.useList(listing.listed?.id);
  const write = useWrite();
  const input = ({ name }: { name: string }) => ({ name, [parentField]: here.id });
  const add = form.handleAdd(screen.schema, (body) => write(screen.create, { body }), input);
  // Get needs only the parent.
  const get = form.handle(screen.parentSchema, () => listing.get(here, list), input);

  return (
    <Page title={screen.title} lead={<p className="admin-lead">{screen.lead}</p>}>
      <AdminForm label={screen.title} addLabel={screen.addLabel} getLabel={screen.getLabel} onAdd={add} onGet={get} busy={form.busy}>
        <Field label="Name" autoComplete="off" {...form.field('name')} />
        <ParentSelects screen={screen} chain={chain} error={form.errors[parentField]} onChosen={() => form.clearErrors(parentField)} />
      </AdminForm>
      <AdminList
        title={`${screen.plural} of ${listing.listed?.name}`}
        listing={listing}
        list={list}
        empty={screen.empty}
        columns={[{ header: 'Name', cell: (item) => item.name }]}
        actions={(item) => (
          <RowButton label="Delete" item={item.name} kind="danger" onClick={() => setTarget({ id: item._id, name: item.name })} />
        )}
      />
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
