import { randomUUID } from 'node:crypto';
import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { batchGet } from '../batch';
import { db, queryAll, tableName } from '../db';
import { failedConditionAt, HttpError, isConditionFailure } from '../http/errors';
import { naturalKey } from '../natural-key';

/**
 * The academic structure: terms, semesters, divisions, batches, courses and slots. Each is
 * two items, written and deleted together:
 *   <P>#<id> / <P>                     the entity, read by id (strongly consistent); holds the
 *                                      ids of all its ancestors (termid, semid, divisionid)
 *   <parent P>#<parentId> / <P>#<name key>   its entry in the parent's partition: lists are one
 *                                      Query in people's order, and the key makes the name
 *                                      unique within the parent (terms hang under COLLEGE)
 * While a subtree is being deleted its root carries `deleting`, and nothing new may be
 * created under it.
 */
export type Kind = 'term' | 'semester' | 'division' | 'batch' | 'course' | 'slot';
type ParentField = 'termid' | 'semid' | 'divisionid';

interface KindDefinition {
  prefix: string;
  label: string;
  parent: Kind | null;
  parentField: ParentField | null;
}

export const KINDS: Record<Kind, KindDefinition> = {
  term: { prefix: 'TERM', label: 'Term', parent: null, parentField: null },
  semester: { prefix: 'SEM', label: 'Semester', parent: 'term', parentField: 'termid' },
  division: { prefix: 'DIV', label: 'Division', parent: 'semester', parentField: 'semid' },
  batch: { prefix: 'BATCH', label: 'Batch', parent: 'division', parentField: 'divisionid' },
  course: { prefix: 'COURSE', label: 'Course', parent: 'semester', parentField: 'semid' },
  slot: { prefix: 'SLOT', label: 'Slot', parent: 'term', parentField: 'termid' },
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
}

export const entityKey = (kind: Kind, id: string) => ({ pk: `${KINDS[kind].prefix}#${id}`, sk: KINDS[kind].prefix });

const partitionOf = (kind: Kind, parentId: string | undefined) => {
  const parent = KINDS[kind].parent;
  return parent ? `${KINDS[parent].prefix}#${parentId}` : 'COLLEGE';
};

function entryKey(kind: Kind, item: StructureItem) {
  const field = KINDS[kind].parentField;
  return { pk: partitionOf(kind, field ? item[field] : undefined), sk: `${KINDS[kind].prefix}#${naturalKey(item.name)}` };
}

/** What clients see: `_id`, `name`, the parent reference (and a term's status); never internal keys. */
export function toPublic(kind: Kind, item: StructureItem): Record<string, unknown> {
  const field = KINDS[kind].parentField;
  const out: Record<string, unknown> = { _id: item._id, name: item.name };
  if (field) out[field] = item[field];
  if (kind === 'term') out.status = item.status;
  return out;
}

/** One entity by id (strongly consistent), or null. */
export async function getNode(kind: Kind, id: string): Promise<StructureItem | null> {
  const result = await db.send(new GetCommand({ TableName: tableName(), Key: entityKey(kind, id), ConsistentRead: true }));
  return (result.Item as StructureItem | undefined) ?? null;
}

/** Several entities by kind and id in one BatchGetItem; missing ones are null. */
export async function getNodes(wanted: [Kind, string][]): Promise<(StructureItem | null)[]> {
  const items = await batchGet<StructureItem & { pk: string }>(wanted.map(([kind, id]) => entityKey(kind, id)));
  return wanted.map(([kind, id]) => items.find((item) => item.pk === entityKey(kind, id).pk) ?? null);
}

/** The parent an entity is about to be created under: 400 when it is missing or being deleted. */
export async function requireParent(kind: Kind, parentId: string): Promise<StructureItem> {
  const parent = await getNode(kind, parentId);
  if (!parent || parent.deleting) throw new HttpError(400, `${KINDS[kind].label} not found`);
  return parent;
}

/**
 * Creates an entity under its parent in one transaction: the parent must still exist (and not
 * be mid-delete) and the name must be free within it (409 otherwise).
 */
export async function createNode(kind: Kind, input: { name: string; parentId?: string; status?: boolean }): Promise<StructureItem> {
  const { parent, parentField, label } = KINDS[kind];
  const item: StructureItem = { _id: randomUUID(), name: input.name };
  if (parent && parentField && input.parentId) {
    const parentItem = await requireParent(parent, input.parentId);
    for (const field of ANCESTOR_FIELDS) if (parentItem[field]) item[field] = parentItem[field];
    item[parentField] = input.parentId;
  }
  if (kind === 'term') item.status = input.status ?? false;

  const parentCheck =
    parent && input.parentId
      ? [
          {
            ConditionCheck: {
              TableName: tableName(),
              Key: entityKey(parent, input.parentId),
              ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(deleting)',
            },
          },
        ]
      : [];
  try {
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          ...parentCheck,
          { Put: { TableName: tableName(), Item: { ...entityKey(kind, item._id), entity: kind, ...item } } },
          {
            Put: {
              TableName: tableName(),
              Item: { ...entryKey(kind, item), entity: `${kind}Entry`, ...item },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
        ],
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    if (parent && failedConditionAt(error) === 0) throw new HttpError(400, `${KINDS[parent].label} not found`);
    const where = parent ? ` in this ${KINDS[parent].label.toLowerCase()}` : '';
    throw new HttpError(409, `${label} "${item.name}" already exists${where}`);
  }
  return item;
}

/** The children of one parent, in people's order (one Query, paged). */
export async function listChildren(kind: Kind, parentId?: string): Promise<StructureItem[]> {
  return queryAll<StructureItem>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': partitionOf(kind, parentId), ':prefix': `${KINDS[kind].prefix}#` },
    ConsistentRead: true,
  });
}

/** All active terms (one Query of the college's term entries, filtered). */
export async function listActiveTerms(): Promise<StructureItem[]> {
  return queryAll<StructureItem>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    FilterExpression: '#status = :active',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':pk': 'COLLEGE', ':prefix': 'TERM#', ':active': true },
    ConsistentRead: true,
  });
}

/** Sets a term's status on the entity and its entry together; null when there is no such term. */
export async function setTermStatus(id: string, status: boolean): Promise<StructureItem | null> {
  const term = await getNode('term', id);
  if (!term) return null;
  try {
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: entityKey('term', id),
              UpdateExpression: 'SET #status = :status',
              ConditionExpression: 'attribute_exists(pk)',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: { ':status': status },
            },
          },
          {
            Update: {
              TableName: tableName(),
              Key: entryKey('term', term),
              UpdateExpression: 'SET #status = :status',
              ConditionExpression: 'attribute_exists(pk)',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: { ':status': status },
            },
          },
        ],
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
  return { ...term, status };
}

/** Marks an entity as being deleted (so nothing new is created under it); null when it does not exist. */
export async function markDeleting(kind: Kind, id: string): Promise<StructureItem | null> {
  try {
    const result = await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: entityKey(kind, id),
        UpdateExpression: 'SET deleting = if_not_exists(deleting, :now)',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':now': new Date().toISOString() },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return result.Attributes as StructureItem;
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}

/** Removes an entity and its entry in one transaction (its children must be gone already). */
export async function deleteNode(kind: Kind, item: StructureItem): Promise<void> {
  await db.send(
    new TransactWriteCommand({
      TransactItems: [
        { Delete: { TableName: tableName(), Key: entryKey(kind, item) } },
        { Delete: { TableName: tableName(), Key: entityKey(kind, item._id) } },
      ],
    }),
  );
}
