import { TERM_DATES_OUT_OF_ORDER, termDatesInOrder } from '@shared/schemas/structure';
import { tableName } from '../db';
import { Conflict, Invalid } from '../domain-errors';
import * as keys from '../keys';
import { EXISTS, transact, type TransactItem } from '../writes';
import { entryKey, getNode, notFound, type StructureItem, type TermDates } from './structure';

/**
 * Sets a term's status and/or dates on the entity and its entry together (null clears a date).
 * The dates are checked in order together with the ones kept, and written only if the term
 * still has the dates they were checked against (Conflict otherwise: changed meanwhile).
 */
export async function updateTerm(id: string, change: { status?: boolean } & TermDates): Promise<StructureItem> {
  const term = await getNode('term', id);
  if (!term) throw notFound('term');
  const next: StructureItem = { ...term };
  for (const [field, value] of Object.entries(change)) if (value !== undefined) Object.assign(next, { [field]: value ?? undefined });
  if (!termDatesInOrder(next)) throw new Invalid(TERM_DATES_OUT_OF_ORDER);
  const failed = await transact({
    entity: termUpdate(keys.structureNode('term', id), change, term),
    entry: termUpdate(entryKey('term', term), change, term),
  });
  if (failed) throw new Conflict('This term changed meanwhile. Reload it and try again.');
  return next;
}

const TERM_DATE_FIELDS = ['startDate', 'endDate'] as const;

function termUpdate(key: keys.Key, change: { status?: boolean } & TermDates, held: TermDates): TransactItem {
  const fields = Object.entries(change).filter(([, value]) => value !== undefined);
  const set = fields.filter(([, value]) => value !== null);
  const removed = fields.filter(([, value]) => value === null).map(([field]) => `#${field}`);
  const heldDates = TERM_DATE_FIELDS.map((field) => (held[field] ? `#${field} = :held_${field}` : `attribute_not_exists(#${field})`));
  const values = {
    ...Object.fromEntries(set.map(([field, value]) => [`:${field}`, value])),
    ...Object.fromEntries(TERM_DATE_FIELDS.filter((field) => held[field]).map((field) => [`:held_${field}`, held[field]])),
  };
  return {
    Update: {
      TableName: tableName(),
      Key: key,
      UpdateExpression: [
        set.length ? `SET ${set.map(([field]) => `#${field} = :${field}`).join(', ')}` : '',
        removed.length ? `REMOVE ${removed.join(', ')}` : '',
      ].join(' '),
      ConditionExpression: [EXISTS, ...heldDates].join(' AND '),
      ExpressionAttributeNames: Object.fromEntries(
        [...new Set([...fields.map(([field]) => field), ...TERM_DATE_FIELDS])].map((field) => [`#${field}`, field]),
      ),
      ...(Object.keys(values).length ? { ExpressionAttributeValues: values } : {}),
    },
  };
}
