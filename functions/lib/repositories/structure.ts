import { randomUUID } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { CollegeSettings } from '@shared/schemas/settings';
import type { Batch, Course, Division, Holiday, Semester, Slot, Term } from '@shared/schemas/structure';
import { batchGet } from '../batch';
import { db, queryAll, tableName } from '../db';
import { areLookalikes, lookalikeKeys } from '@shared/text/lookalike';
import { TEXT_MESSAGES } from '@shared/text/normalize';
import { BeingDeleted, Conflict, Invalid, NotFound } from '../domain-errors';
import type { Kind, Parent } from '../entities/structure-node';
import { childrenOf, structureEntry, structureNameLookalike, structureNode, termsOfCollege } from '../entities/structure-node';
import { lookalikeClaimWrites, lookalikeReleases } from '../lookalike-claims';
import { naturalKey } from '../natural-key';
import { check, EXISTS, IS_NEW, isConditionFailure, LIVE, put, remove, transact } from '../writes';
import { getWithSettings } from './settings';

/**
 * The academic structure: terms, semesters, divisions, batches, courses and slots. Each node is
 * two items, written and deleted together (structureNode, structureEntry): the entity,
 * read by id and holding the ids of all its ancestors (termid, semid, divisionid), and its entry
 * in the parent's partition, so that a list is one Query in people's order and a name is unique
 * within its parent. While a subtree is being deleted its root carries `deleting`, and nothing
 * new may be created under it.
 *
 * Not found: lookups (`get…`) answer null; every other function that needs the node throws
 * NotFound. A missing or departing parent is the input's fault: Invalid or BeingDeleted.
 */
export type { Kind };
type ParentField = 'termid' | 'semid' | 'divisionid';

interface KindDefinition {
  label: string;
  parent: Kind | null;
  parentField: ParentField | null;
}

export const KINDS: Record<Kind, KindDefinition> = {
  term: { label: 'Term', parent: null, parentField: null },
  semester: { label: 'Semester', parent: 'term', parentField: 'termid' },
  division: { label: 'Division', parent: 'semester', parentField: 'semid' },
  batch: { label: 'Batch', parent: 'division', parentField: 'divisionid' },
  course: { label: 'Course', parent: 'semester', parentField: 'semid' },
  slot: { label: 'Slot', parent: 'term', parentField: 'termid' },
};

const ANCESTOR_FIELDS = ['termid', 'semid', 'divisionid'] as const;

/** An entity as stored: its id, name, the ids of its ancestors, and kind-specific fields (a term's status). */
export interface StructureItem {
  _id: string;
  name: string;
  termid?: string;
  semid?: string;
  divisionid?: string;
  status?: boolean;
  deleting?: string;
  /** The look-alike keys its name claims within the parent (none on nodes an older release stored). */
  lookalikes?: string[];
  /** A term's first and last day, when set (null: cleared). */
  startDate?: string | null;
  endDate?: string | null;
  /** A term's holidays (docs/product.md §3). */
  holidays?: Holiday[];
  /** A slot's class times, 'HH:MM' college time (unset on a slot an older release stored, when its name gave none). */
  start?: string;
  end?: string;
  /** A division's coordinators: the user ids who decide its students' leave. */
  coordinators?: string[];
}

export interface TermDates {
  startDate?: string | null;
  endDate?: string | null;
}

export interface SlotTimes {
  start?: string;
  end?: string;
}

/** The parent of a node of `kind` with this parent id (none for a term). */
const parentOf = (kind: Kind, parentId: string | undefined): Parent => {
  const parent = KINDS[kind].parent;
  return parent && parentId !== undefined ? { kind: parent, id: parentId } : null;
};
export const entryKey = (kind: Kind, item: StructureItem) => {
  const field = KINDS[kind].parentField;
  return structureEntry(kind, item.name, parentOf(kind, field ? item[field] : undefined));
};
/** The key of a look-alike claim of a node's name, within the node's parent. */
export const nameClaimKey = (kind: Kind, item: StructureItem) => {
  const field = KINDS[kind].parentField;
  const parent = parentOf(kind, field ? item[field] : undefined);
  return (lookalike: string) => structureNameLookalike(kind, lookalike, parent);
};
export const notFound = (kind: Kind) => new NotFound(`${KINDS[kind].label} not found`);

/** What clients see: `_id`, `name`, the parent reference (and a term's status); never internal keys. */
/** Each level as the API answers it. */
export interface PublicNode {
  term: Term;
  semester: Semester;
  division: Division;
  batch: Batch;
  course: Course;
  slot: Slot;
}

export function toPublic<K extends Kind>(kind: K, item: StructureItem): PublicNode[K] {
  const field = KINDS[kind].parentField;
  const out: Record<string, unknown> = { _id: item._id, name: item.name };
  if (field) out[field] = item[field];
  if (kind === 'term') Object.assign(out, { status: item.status, startDate: item.startDate ?? null, endDate: item.endDate ?? null });
  if (kind === 'slot') for (const field of ['start', 'end'] as const) if (item[field]) out[field] = item[field];
  if (kind === 'division' && item.coordinators?.length) out.coordinators = item.coordinators;
  // Built field by field from KINDS above: the fields each level's shape lists.
  return out as unknown as PublicNode[K];
}

/** One entity by id (strongly consistent), or null. */
export async function getNode(kind: Kind, id: string): Promise<StructureItem | null> {
  const result = await db.send(new GetCommand({ TableName: tableName(), Key: structureNode(kind, id), ConsistentRead: true }));
  return (result.Item as StructureItem | undefined) ?? null;
}

/** Several entities by kind and id in one BatchGetItem; missing ones are null. */
export async function getNodes(wanted: [Kind, string][]): Promise<(StructureItem | null)[]> {
  return inOrder(wanted, await batchGet<StructureItem & { pk: string }>(wanted.map(([kind, id]) => structureNode(kind, id))));
}

/** Several entities (as getNodes) and the college's settings, in one BatchGetItem. */
export async function getNodesWithSettings(
  wanted: [Kind, string][],
): Promise<{ nodes: (StructureItem | null)[]; settings: CollegeSettings }> {
  const { items, settings } = await getWithSettings<StructureItem & { pk: string }>(wanted.map(([kind, id]) => structureNode(kind, id)));
  return { nodes: inOrder(wanted, items), settings };
}

const inOrder = (wanted: [Kind, string][], items: (StructureItem & { pk: string })[]) =>
  wanted.map(([kind, id]) => items.find((item) => item.pk === structureNode(kind, id).pk) ?? null);

/** The parent something is about to be created under: Invalid when it is missing, BeingDeleted when it is going. */
export async function requireParent(kind: Kind, parentId: string): Promise<StructureItem> {
  const parent = await getNode(kind, parentId);
  if (!parent) throw new Invalid(`${KINDS[kind].label} not found`);
  if (parent.deleting) throw new BeingDeleted(`${KINDS[kind].label} not found`);
  return parent;
}

/**
 * Creates a node under its parent in one transaction: the parent must still exist (and not
 * be mid-delete) and the name must be free within it (Conflict otherwise).
 */
export async function createNode(
  kind: Kind,
  input: { name: string; parentId?: string; status?: boolean } & TermDates & SlotTimes,
): Promise<StructureItem> {
  const { parent, parentField } = KINDS[kind];
  const item: StructureItem = { _id: randomUUID(), name: input.name };
  if (parent && parentField && input.parentId) {
    const parentItem = await requireParent(parent, input.parentId);
    for (const field of ANCESTOR_FIELDS) if (parentItem[field]) item[field] = parentItem[field];
    item[parentField] = input.parentId;
  }
  if (kind === 'term') {
    item.status = input.status ?? false;
    if (input.startDate) item.startDate = input.startDate;
    if (input.endDate) item.endDate = input.endDate;
  }
  if (kind === 'slot' && input.start && input.end) Object.assign(item, { start: input.start, end: input.end });

  const { taken, lookalike } = await checkSiblingNames(kind, input.parentId, item.name);
  item.lookalikes = lookalikeKeys(item.name);

  const failed = await transact({
    parent: parent && input.parentId ? check(structureNode(parent, input.parentId), LIVE) : null,
    entity: put({ ...structureNode(kind, item._id), entity: kind, ...item }),
    entry: put({ ...entryKey(kind, item), entity: `${kind}Entry`, ...item }, IS_NEW),
    claims: lookalikeClaimWrites(nameClaimKey(kind, item), [], item.lookalikes, { entity: 'nameLookalike', nodeId: item._id }),
  });
  if (failed === 'parent' && parent) throw new BeingDeleted(`${KINDS[parent].label} not found`);
  if (failed === 'entry') throw taken;
  if (failed === 'claims') throw lookalike;
  return item;
}

/**
 * Refuses a name a sibling has (Conflict), or a look-alike of one: nodes an older release stored hold no
 * look-alike claims, so their names are compared here (one Query of the siblings). `self`: the node being
 * renamed, left out. Answers the Conflicts a write's failed name claim means.
 */
export async function checkSiblingNames(kind: Kind, parentId: string | undefined, name: string, self?: string) {
  const { parent, label } = KINDS[kind];
  const where = parent ? ` in this ${KINDS[parent].label.toLowerCase()}` : '';
  const taken = new Conflict(`${label} "${name}" already exists${where}`);
  const lookalike = new Conflict(TEXT_MESSAGES.lookalikeName(label, name, where));
  const siblings = (await listChildren(kind, parentId)).filter((sibling) => sibling._id !== self);
  if (siblings.some((sibling) => naturalKey(sibling.name) === naturalKey(name))) throw taken;
  if (siblings.some((sibling) => areLookalikes(sibling.name, name))) throw lookalike;
  return { taken, lookalike };
}

/** The children of one parent (none for terms), in people's order (one Query, paged). */
export async function listChildren(kind: Kind, parentId?: string): Promise<StructureItem[]> {
  return queryAll<StructureItem>(childrenOf(kind, parentOf(kind, parentId)), { ConsistentRead: true });
}

/** All active terms (one Query of the college's terms, filtered). */
export async function listActiveTerms(): Promise<StructureItem[]> {
  return queryAll<StructureItem>(termsOfCollege(), {
    FilterExpression: '#status = :active',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':active': true },
    ConsistentRead: true,
  });
}

/** Marks a node as being deleted (so nothing new is created under it) and answers it. */
export async function markDeleting(kind: Kind, id: string): Promise<StructureItem> {
  try {
    const result = await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: structureNode(kind, id),
        UpdateExpression: 'SET deleting = if_not_exists(deleting, :now)',
        ConditionExpression: EXISTS,
        ExpressionAttributeValues: { ':now': new Date().toISOString() },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return result.Attributes as StructureItem;
  } catch (error) {
    if (isConditionFailure(error)) throw notFound(kind);
    throw error;
  }
}

/** Removes a node's entity, entry and name claims in one transaction (its children must be gone already). */
export async function deleteNode(kind: Kind, item: StructureItem): Promise<void> {
  await transact({
    entry: remove(entryKey(kind, item)),
    entity: remove(structureNode(kind, item._id)),
    claims: lookalikeReleases(nameClaimKey(kind, item), item.lookalikes),
  });
}
