import { SLOT_MESSAGES } from '@shared/schemas/structure';
import { areLookalikes, lookalikeKeys } from '@shared/text/lookalike';
import { TEXT_MESSAGES } from '@shared/text/normalize';
import { tableName } from '../db';
import { Conflict, Invalid } from '../domain-errors';
import { structureNameLookalike, structureNode } from '../entities/structure-node';
import * as keys from '../keys';
import { lookalikeClaimWrites } from '../lookalike-claims';
import { naturalKey } from '../natural-key';
import { EXISTS, IS_NEW, put, remove, transact, type TransactItem } from '../writes';
import { entryKey, getNode, listChildren, notFound, type SlotTimes, type StructureItem } from './structure';

/**
 * A slot's changes (docs/product.md §3): its class times and its name, on the entity and its entry
 * in the term's list together. Each write holds only if the slot still has the name and times it was
 * read with (Conflict otherwise: changed meanwhile), so two admins' changes never mix.
 */
export interface SlotChange extends SlotTimes {
  name?: string;
}

const CHANGED = 'This slot changed meanwhile. Reload it and try again.';

type StoredSlot = StructureItem & { pk: string; sk: string; entity?: string };

/** The fields of a stored slot without its key and kind: what its entity and its entry both hold. */
const fieldsOf = ({ pk: _pk, sk: _sk, entity: _entity, ...fields }: StoredSlot): StructureItem => fields;

/** The condition that the item still has the name and times `held` has (and, the entity, is not being deleted). */
function heldAs(held: StructureItem, entity: boolean) {
  const values: Record<string, unknown> = { ':held_name': held.name };
  const parts = [EXISTS, '#name = :held_name', ...(entity ? ['attribute_not_exists(deleting)'] : [])];
  for (const field of ['start', 'end'] as const) {
    if (held[field]) {
      parts.push(`#${field} = :held_${field}`);
      values[`:held_${field}`] = held[field];
    } else parts.push(`attribute_not_exists(#${field})`);
  }
  return {
    ConditionExpression: parts.join(' AND '),
    ExpressionAttributeNames: { '#name': 'name', '#start': 'start', '#end': 'end' },
    values,
  };
}

function putHeld(item: Record<string, unknown>, held: StructureItem, entity: boolean): TransactItem {
  const { values, ...condition } = heldAs(held, entity);
  return { Put: { TableName: tableName(), Item: item, ...condition, ExpressionAttributeValues: values } };
}

/** The times a slot ends up with: both or neither, the end after the start. */
function checkTimes(slot: SlotTimes): void {
  if (slot.start && !slot.end) throw new Invalid(SLOT_MESSAGES.end);
  if (slot.end && !slot.start) throw new Invalid(SLOT_MESSAGES.start);
  if (slot.start && slot.end && slot.start >= slot.end) throw new Invalid(SLOT_MESSAGES.order);
}

/** Changes a slot's times and/or name; answers the slot as stored. */
export async function updateSlot(id: string, change: SlotChange): Promise<StructureItem> {
  const stored = (await getNode('slot', id)) as StoredSlot | null;
  if (!stored || stored.deleting) throw notFound('slot');
  const slot = fieldsOf(stored);
  const next: StructureItem = { ...slot };
  for (const field of ['name', 'start', 'end'] as const) if (change[field] !== undefined) next[field] = change[field];
  checkTimes(next);

  const renamed = next.name !== slot.name;
  const where = ' in this term';
  const taken = new Conflict(`Slot "${next.name}" already exists${where}`);
  const lookalike = new Conflict(TEXT_MESSAGES.lookalikeName('Slot', next.name, where));
  let claims: TransactItem[] = [];
  if (renamed) {
    // Slots stored before look-alike claims hold none: their names are compared here, as a create does.
    const siblings = (await listChildren('slot', slot.termid)).filter((sibling) => sibling._id !== id);
    if (siblings.some((sibling) => naturalKey(sibling.name) === naturalKey(next.name))) throw taken;
    if (siblings.some((sibling) => areLookalikes(sibling.name, next.name))) throw lookalike;
    next.lookalikes = lookalikeKeys(next.name);
    const claimKey = (key: string) => structureNameLookalike('slot', key, { kind: 'term', id: slot.termid! });
    claims = lookalikeClaimWrites(claimKey, slot.lookalikes, next.lookalikes, { entity: 'nameLookalike', nodeId: id });
  }

  const oldEntry = entryKey('slot', slot);
  const newEntry = entryKey('slot', next);
  const moved = oldEntry.pk !== newEntry.pk || oldEntry.sk !== newEntry.sk;
  const failed = await transact({
    entity: putHeld({ ...stored, ...next }, slot, true),
    // A new name may move the entry in the term's list (its key holds the name).
    oldEntry: moved ? remove(oldEntry, EXISTS) : null,
    entry: moved
      ? put({ ...newEntry, entity: 'slotEntry', ...next }, IS_NEW)
      : putHeld({ ...newEntry, entity: 'slotEntry', ...next }, slot, false),
    claims,
  });
  if (failed === 'entry' && moved) throw taken;
  if (failed === 'claims') throw lookalike;
  if (failed) {
    const now = await getNode('slot', id);
    if (!now || now.deleting) throw notFound('slot');
    throw new Conflict(CHANGED);
  }
  return next;
}

/**
 * Sets the times of a slot that has none, read from its name by the backfill: only if it still has
 * no times and the same name (else someone set or renamed it meanwhile: 'changed', nothing written).
 */
export async function setTimesOfUntimedSlot(slot: StructureItem, times: Required<SlotTimes>): Promise<'set' | 'changed'> {
  const untimed: StructureItem = { ...slot, start: undefined, end: undefined };
  const update = (key: keys.Key): TransactItem => {
    const { values, ...condition } = heldAs(untimed, false);
    return {
      Update: {
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'SET #start = :start, #end = :end',
        ...condition,
        ExpressionAttributeValues: { ...values, ':start': times.start, ':end': times.end },
      },
    };
  };
  const failed = await transact({ entity: update(structureNode('slot', slot._id)), entry: update(entryKey('slot', slot)) });
  return failed ? 'changed' : 'set';
}
