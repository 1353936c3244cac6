import { useRef, useState, type FormEvent } from 'react';
import type * as z from 'zod/mini';
import { batchSchema, courseSchema, divisionSchema, semesterSchema, slotSchema } from '@shared/schemas/structure';
import { TextField } from '@web/components/ui/field';
import { Page } from '@web/components/ui/page';
import { errorMessage, type ApiError } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import {
  PARENT_FIELD,
  useBatches,
  useCourses,
  useCreateChild,
  useDeleteChild,
  useDivisions,
  useSemesters,
  useSlots,
  type ChildKind,
} from '../api/structure';
import { semesterHint, useChain, type Chain, type Level } from '../chain';
import { firstErrors, focusFirstError } from '../validation';
import { AdminList, RowButton } from './admin-list';
import { DeleteDialog, type DeleteTarget } from './delete-dialog';
import { LevelSelect } from './level-select';
import './admin.css';

interface Named {
  _id: string;
  name: string;
}

interface StructureScreen {
  kind: ChildKind;
  title: string;
  /** The buttons of docs/product.md §2.5. */
  addLabel: string;
  getLabel: string;
  /** The list's heading: '<plural> of <parent name>'. */
  plural: string;
  /** The docs/product.md §8 empty message. */
  empty: string;
  schema: z.ZodMiniType;
  /** The parent select and the levels above it that the form shows. */
  parent: Exclude<Level, 'batch'>;
  lead: string;
  /** The fixed delete message (docs/product.md §8), else the server's. */
  deleted?: string;
  useList: (parentId: string | undefined) => { data?: Named[]; error?: ApiError; isLoading: boolean; mutate: () => unknown };
}

const SCREENS: Record<ChildKind, StructureScreen> = {
  semester: {
    kind: 'semester',
    title: 'Semester',
    addLabel: 'Add Semester',
    getLabel: 'Get Semesters',
    plural: 'Semesters',
    empty: 'No semester found',
    schema: semesterSchema,
    parent: 'term',
    lead: 'Add a semester to a term, or list and delete the semesters of a term.',
    useList: useSemesters,
  },
  division: {
    kind: 'division',
    title: 'Division',
    addLabel: 'Add Division',
    getLabel: 'Get Division',
    plural: 'Divisions',
    empty: 'No division found',
    schema: divisionSchema,
    parent: 'semester',
    lead: 'Add a division to a semester, or list and delete the divisions of a semester.',
    useList: useDivisions,
  },
  batch: {
    kind: 'batch',
    title: 'Batch',
    addLabel: 'Add Batch',
    getLabel: 'Get Batch',
    plural: 'Batches',
    empty: 'No batches found',
    schema: batchSchema,
    parent: 'division',
    lead: 'Add a batch to a division, or list and delete the batches of a division.',
    deleted: 'Batch deleted successfully',
    useList: useBatches,
  },
  course: {
    kind: 'course',
    title: 'Course',
    addLabel: 'Add Course',
    getLabel: 'Get Course',
    plural: 'Courses',
    empty: 'No course found',
    schema: courseSchema,
    parent: 'semester',
    lead: 'Add a course to a semester, or list and delete the courses of a semester.',
    deleted: 'Course deleted successfully',
    useList: useCourses,
  },
  slot: {
    kind: 'slot',
    title: 'Slot',
    addLabel: 'Add Slot',
    getLabel: 'Get Slots',
    plural: 'Slots',
    empty: 'No slots found',
    schema: slotSchema,
    parent: 'term',
    lead: 'Add a time slot to a term, or list and delete the slots of a term.',
    useList: useSlots,
  },
};

const LABELS: Record<Level, string> = { term: 'Term', semester: 'Semester', division: 'Division', batch: 'Batch' };
const FIELD_NAMES: Record<Level, string> = { term: 'termid', semester: 'semid', division: 'divisionid', batch: 'batchid' };

/** The parent selects a screen shows: a term; a semester of the active term; or a semester and one of its divisions. */
function ParentSelects({
  kind,
  parent,
  chain,
  error,
  onChosen,
}: {
  kind: ChildKind;
  parent: Level;
  chain: Chain;
  error?: string;
  onChosen: () => void;
}) {
  const shown: Level[] = parent === 'term' ? ['term'] : parent === 'semester' ? ['semester'] : ['semester', 'division'];
  return (
    <>
      {shown.map((level) => (
        <LevelSelect
          key={level}
          level={chain[level]}
          id={`${kind}-${level}`}
          name={FIELD_NAMES[level]}
          label={LABELS[level]}
          error={level === parent ? error : undefined}
          hint={level === 'semester' ? semesterHint(chain) : undefined}
          onChosen={onChosen}
        />
      ))}
    </>
  );
}

type Field = 'name' | 'parent';

/**
 * Semester, Division, Batch, Course and Slot (docs/product.md §2.5): a name and the parent select(s), Add and
 * Get; the parent's list with Delete per row, through 'Are you sure ?' (which says what goes with it).
 */
function StructurePage({ screen }: { screen: StructureScreen }) {
  const { kind, parent } = screen;
  // A term select lists every term (the active one first chosen); a semester select the semesters of the active term.
  const chain = useChain(parent === 'term' ? { terms: 'all', preferActive: true, depth: 'term' } : { terms: 'active', depth: parent });
  const parentLevel = chain[parent];
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  const [listed, setListed] = useState<{ id: string; name: string } | null>(null);
  const [reveal, setReveal] = useState(0);
  const [target, setTarget] = useState<DeleteTarget | null>(null);
  const action = useRef<'add' | 'get'>('add');
  const heading = useRef<HTMLHeadingElement>(null);
  const list = screen.useList(listed?.id);
  const create = useCreateChild(kind);
  const remove = useDeleteChild(kind);

  const parentId = parentLevel.id;
  const nameId = `${kind}-name`;
  const parentSelectId = `${kind}-${parent}`;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    // Get needs only the parent (a stand-in name lets the schema check just that, with its message).
    const parsed = screen.schema.safeParse({ name: action.current === 'get' ? '-' : name, [PARENT_FIELD[kind]]: parentId });
    if (!parsed.success) {
      const raw = firstErrors<string>(parsed.error, 'name');
      const next: Partial<Record<Field, string>> = { name: raw.name, parent: raw[PARENT_FIELD[kind]] };
      setErrors(next);
      focusFirstError(next, [
        ['name', nameId],
        ['parent', parentSelectId],
      ]);
      return;
    }
    setErrors({});
    if (action.current === 'get') {
      setListed({ id: parentId, name: parentLevel.name });
      setReveal((count) => count + 1);
      if (listed?.id === parentId) void list.mutate();
      return;
    }
    if (busy) return;
    setBusy(true);
    try {
      const answer = await create((parsed.data as { name: string }).name, parentId);
      toast.success(answer.message || `${screen.title} added successfully`);
      setName('');
      setListed({ id: parentId, name: parentLevel.name });
    } catch (failure) {
      toast.error(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Page title={screen.title} lead={<p className="admin-lead">{screen.lead}</p>}>
      <form className="card admin-form" onSubmit={onSubmit} noValidate aria-label={screen.title}>
        <div className="admin-fields">
          <TextField
            id={nameId}
            name="name"
            label="Name"
            autoComplete="off"
            value={name}
            error={errors.name}
            onChange={(event) => {
              setName(event.target.value);
              setErrors((previous) => ({ ...previous, name: undefined }));
            }}
          />
          <ParentSelects
            kind={kind}
            parent={parent}
            chain={chain}
            error={errors.parent}
            onChosen={() => setErrors((previous) => ({ ...previous, parent: undefined }))}
          />
        </div>
        <div className="admin-actions">
          <button type="submit" className="button" onClick={() => (action.current = 'add')} aria-busy={busy || undefined}>
            {screen.addLabel}
          </button>
          <button type="submit" className="button button-secondary" onClick={() => (action.current = 'get')}>
            {screen.getLabel}
          </button>
        </div>
      </form>
      {listed && (
        <AdminList
          title={`${screen.plural} of ${listed.name}`}
          headingRef={heading}
          revealKey={reveal}
          rows={list.data}
          error={list.error}
          isLoading={list.isLoading}
          empty={screen.empty}
          onRetry={() => void list.mutate()}
          columns={[{ header: 'Name', cell: (item) => item.name }]}
          actions={(item) => (
            <RowButton label="Delete" item={item.name} kind="danger" onClick={() => setTarget({ id: item._id, name: item.name })} />
          )}
        />
      )}
      {target && (
        <DeleteDialog
          target={target}
          level={kind}
          remove={remove}
          successMessage={screen.deleted}
          afterDelete={heading}
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
