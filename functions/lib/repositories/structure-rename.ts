import { lookalikeKeys } from '@shared/text/lookalike';
import { tableName } from '../db';
import { BeingDeleted, Conflict } from '../domain-errors';
import { structureNode } from '../entities/structure-node';
import { lookalikeClaimWrites } from '../lookalike-claims';
import { check, EXISTS, IS_NEW, LIVE, put, remove, transact, type TransactItem } from '../writes';
import { checkSiblingNames, entryKey, getNode, KINDS, nameClaimKey, notFound, type Kind, type StructureItem } from './structure';

/**
 * Renaming a node in place (docs/product.md §3): its entity and its entry in the parent's list change
 * together, with the name rules of a create (unique, and no look-alike, among its siblings). The entry's
 * key holds the name, so a new name may move it; the name's look-alike claims move with it, so of two
 * renames to one name at once, one transaction fails. A node being deleted, or under a parent being
 * deleted, is refused as a create under it is.
 */

type StoredNode = StructureItem & { pk: string; sk: string; entity?: string };

/** The fields of a stored node without its key and kind: what its entity and its entry both hold. */
const fieldsOf = ({ pk: _pk, sk: _sk, entity: _entity, ...fields }: StoredNode): StructureItem => fields;

/** The fields other writes change on a node (a term's status, dates, holidays and planned switch). */
const KEPT_FIELDS = ['status', 'startDate', 'endDate', 'holidays', 'activeFrom'] as const;

/**
 * Puts `item` only if the item there still has the name `held` (and, the entity, is not being deleted
 * and still has the kept fields it was read with, so a rename never puts back a term's old status or dates).
 */
function putIfStillNamed(item: Record<string, unknown>, held: StoredNode, entity: boolean): TransactItem {
  const kept = entity ? KEPT_FIELDS : [];
  const stored = held as unknown as Record<string, unknown>;
  const keptConditions = kept.map((field) =>
    stored[field] === undefined ? `attribute_not_exists(#${field})` : `#${field} = :held_${field}`,
  );
  const keptValues = Object.fromEntries(
    kept.filter((field) => stored[field] !== undefined).map((field) => [`:held_${field}`, stored[field]]),
  );
  return {
    Put: {
      TableName: tableName(),
      Item: item,
      ConditionExpression: [EXISTS, '#name = :held', ...(entity ? ['attribute_not_exists(deleting)'] : []), ...keptConditions].join(
        ' AND ',
      ),
      ExpressionAttributeNames: { '#name': 'name', ...Object.fromEntries(kept.map((field) => [`#${field}`, field])) },
      ExpressionAttributeValues: { ':held': held.name, ...keptValues },
    },
  };
}

const beingDeleted = (kind: Kind) => new BeingDeleted(`${KINDS[kind].label} not found`);

/** Gives the node of `kind` with `id` the name `name`; answers it as stored. Its own name again changes nothing. */
export async function renameNode(kind: Kind, id: string, name: string): Promise<StructureItem> {
  const stored = (await getNode(kind, id)) as StoredNode | null;
  if (!stored) throw notFound(kind);
  if (stored.deleting) throw beingDeleted(kind);
  const node = fieldsOf(stored);
  if (node.name === name) return node;

  const { parent, parentField } = KINDS[kind];
  const parentId = parentField ? node[parentField] : undefined;
  const { taken, lookalike } = await checkSiblingNames(kind, parentId, name, id);
  const next: StructureItem = { ...node, name, lookalikes: lookalikeKeys(name) };
  const oldEntry = entryKey(kind, node);
  const newEntry = entryKey(kind, next);
  // Names that differ only as the list's key ignores (letter case, spacing) keep the entry where it is.
  const moved = oldEntry.pk !== newEntry.pk || oldEntry.sk !== newEntry.sk;
  const entry = { ...newEntry, entity: `${kind}Entry`, ...next };

  const failed = await transact({
    parent: parent && parentId ? check(structureNode(parent, parentId), LIVE) : null,
    entity: putIfStillNamed({ ...stored, ...next }, stored, true),
    oldEntry: moved ? remove(oldEntry, EXISTS) : null,
    entry: moved ? put(entry, IS_NEW) : putIfStillNamed(entry, stored, false),
    claims: lookalikeClaimWrites(nameClaimKey(kind, node), node.lookalikes, next.lookalikes!, { entity: 'nameLookalike', nodeId: id }),
  });
  if (failed === 'parent' && parent) throw beingDeleted(parent);
  if (failed === 'entry' && moved) throw taken;
  if (failed === 'claims') throw lookalike;
  if (failed) {
    const now = await getNode(kind, id);
    if (!now) throw notFound(kind);
    if (now.deleting) throw beingDeleted(kind);
    throw new Conflict(`This ${kind} changed meanwhile. Reload it and try again.`);
  }
  return next;
}
