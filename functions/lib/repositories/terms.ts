import { holidaysOutside, inDateOrder } from '@shared/holidays';
import { TERM_DATES_OUT_OF_ORDER, termDatesInOrder, type Holiday, type Term } from '@shared/schemas/structure';
import { tableName } from '../db';
import { Conflict, Invalid } from '../domain-errors';
import { structureNode } from '../entities/structure-node';
import * as keys from '../keys';
import { transact, type TransactItem } from '../writes';
import { entryKey, getNode, listChildren, notFound, type StructureItem, type TermDates } from './structure';

/**
 * A term's own writes (docs/product.md §3): its status, dates and holidays (PATCH term/{id}), and
 * making it the active one (POST term/{id}/activate), now or planned from a date. Each is written on
 * the term's entity and its entry together.
 */

/** A term as stored: the structure node plus its holidays and a planned switch (activeFrom, college date). */
export type TermItem = StructureItem & { holidays?: Holiday[]; activeFrom?: string };

/** What clients see of a term: holidays and a planned switch only when it has them. */
export function publicTerm(item: TermItem): Term {
  return {
    _id: item._id,
    name: item.name,
    status: item.status ?? false,
    startDate: item.startDate ?? null,
    endDate: item.endDate ?? null,
    ...(item.holidays?.length ? { holidays: item.holidays } : {}),
    ...(item.activeFrom ? { activeFrom: item.activeFrom } : {}),
  };
}

export type TermChange = { status?: boolean; holidays?: Holiday[] } & TermDates;

const CHANGED_MEANWHILE = 'This term changed meanwhile. Reload it and try again.';
const holidayText = (holiday: Holiday) => `${holiday.name} (${holiday.date})`;

/**
 * Sets a term's status, dates and/or holidays on the entity and its entry together (null clears a
 * date; an empty list, the holidays). The dates are checked in order together with the ones kept, the
 * holidays inside them, and written only if the term still has the dates (and, when either changes,
 * the holidays) they were checked against (Conflict otherwise: changed meanwhile).
 */
export async function updateTerm(id: string, change: TermChange): Promise<TermItem> {
  const term = (await getNode('term', id)) as TermItem | null;
  if (!term) throw notFound('term');
  const holidays = change.holidays === undefined ? undefined : inDateOrder(change.holidays);
  const next: TermItem = { ...term };
  for (const [field, value] of Object.entries({ ...change, holidays })) {
    if (value !== undefined) Object.assign(next, { [field]: value ?? undefined });
  }
  if (!termDatesInOrder(next)) throw new Invalid(TERM_DATES_OUT_OF_ORDER);
  const outside = holidaysOutside(next, next.holidays ?? []);
  if (outside.length) {
    const span = `from ${next.startDate ?? 'any day'} to ${next.endDate ?? 'any day'}`;
    throw new Invalid(
      change.holidays === undefined
        ? `These holidays would fall outside the term (${span}): ${outside.map(holidayText).join(', ')}. Remove them first.`
        : `A holiday must be a day of the term (${span}): ${outside.map(holidayText).join(', ')} is not.`,
    );
  }
  const fields: Record<string, unknown> = { status: change.status, startDate: change.startDate, endDate: change.endDate };
  if (holidays !== undefined) fields.holidays = holidays.length ? holidays : null;
  const guardHolidays = holidays !== undefined || change.startDate !== undefined || change.endDate !== undefined;
  const failed = await transact({
    entity: termUpdate(structureNode('term', id), fields, term, guardHolidays),
    entry: termUpdate(entryKey('term', term), fields, term, guardHolidays),
  });
  if (failed) throw new Conflict(CHANGED_MEANWHILE);
  if (next.holidays && !next.holidays.length) delete next.holidays;
  return next;
}

const TERM_DATE_FIELDS = ['startDate', 'endDate'] as const;

/** Sets the fields given (null removes one), if the term still has the dates (and holidays, when guarded) it was read with. */
function termUpdate(key: keys.Key, change: Record<string, unknown>, held: TermItem, guardHolidays: boolean): TransactItem {
  const fields = Object.entries(change).filter(([, value]) => value !== undefined);
  const set = fields.filter(([, value]) => value !== null);
  const removed = fields.filter(([, value]) => value === null).map(([field]) => `#${field}`);
  const heldDates = TERM_DATE_FIELDS.map((field) => (held[field] ? `#${field} = :held_${field}` : `attribute_not_exists(#${field})`));
  const heldHolidays = !guardHolidays ? [] : held.holidays?.length ? ['#holidays = :held_holidays'] : ['attribute_not_exists(#holidays)'];
  const values = {
    ...Object.fromEntries(set.map(([field, value]) => [`:${field}`, value])),
    ...Object.fromEntries(TERM_DATE_FIELDS.filter((field) => held[field]).map((field) => [`:held_${field}`, held[field]])),
    ...(guardHolidays && held.holidays?.length ? { ':held_holidays': held.holidays } : {}),
  };
  const named = [...new Set([...fields.map(([field]) => field), ...TERM_DATE_FIELDS, ...(guardHolidays ? ['holidays'] : [])])];
  return {
    Update: {
      TableName: tableName(),
      Key: key,
      UpdateExpression: [
        set.length ? `SET ${set.map(([field]) => `#${field} = :${field}`).join(', ')}` : '',
        removed.length ? `REMOVE ${removed.join(', ')}` : '',
      ].join(' '),
      ConditionExpression: ['attribute_exists(pk)', ...heldDates, ...heldHolidays].join(' AND '),
      ExpressionAttributeNames: Object.fromEntries(named.map((field) => [`#${field}`, field])),
      ...(Object.keys(values).length ? { ExpressionAttributeValues: values } : {}),
    },
  };
}

const ACTIVE = '#status = :true';
const NOT_ACTIVE = '(attribute_not_exists(#status) OR #status <> :true)';

/** Sets a term's status (and clears its planned switch), if its status is still `held` and, given `plan`, its plan still that date. */
function statusWrite(key: keys.Key, status: boolean, held: boolean, plan?: string): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: key,
      UpdateExpression: 'SET #status = :status REMOVE #activeFrom',
      ConditionExpression: ['attribute_exists(pk)', held ? ACTIVE : NOT_ACTIVE, ...(plan ? ['#activeFrom = :plan'] : [])].join(' AND '),
      ExpressionAttributeNames: { '#status': 'status', '#activeFrom': 'activeFrom' },
      ExpressionAttributeValues: { ':status': status, ':true': true, ...(plan ? { ':plan': plan } : {}) },
    },
  };
}

/**
 * Keeps a term inactive, if it still is: a write that changes nothing, rather than a ConditionCheck,
 * so the scheduled jobs' Lambda (which applies planned switches) needs no more than UpdateItem.
 */
const stillInactive = (key: keys.Key): TransactItem => ({
  Update: {
    TableName: tableName(),
    Key: key,
    UpdateExpression: 'SET #status = :false',
    ConditionExpression: `attribute_exists(pk) AND ${NOT_ACTIVE}`,
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':true': true, ':false': false },
  },
});

/**
 * Makes the term the active one and every other term inactive, in one transaction (docs/product.md §3).
 * Every term's status is written or checked on the condition that it is still what was read, so two
 * activations at once cannot both go through (the later is Conflict), and neither can one racing a
 * status change: there is never more than one active term after it. `plan`: a planned switch being
 * applied, which must still be planned for that date (a cancel meanwhile wins). Answers every term after.
 */
export async function activateTerm(id: string, plan?: string): Promise<TermItem[]> {
  const terms = (await listChildren('term')) as TermItem[];
  const term = terms.find((one) => one._id === id);
  if (!term) throw notFound('term');
  const others = terms.filter((one) => one._id !== id);
  const held = term.status === true;
  const failed = await transact({
    term: [statusWrite(structureNode('term', id), true, held, plan), statusWrite(entryKey('term', term), true, held)],
    others: others.flatMap((other) =>
      other.status === true
        ? [statusWrite(structureNode('term', other._id), false, true), statusWrite(entryKey('term', other), false, true)]
        : [stillInactive(structureNode('term', other._id))],
    ),
  });
  if (failed) throw new Conflict('The active term changed meanwhile. Reload the terms and try again.');
  return (await listChildren('term')) as TermItem[];
}

/**
 * Plans the switch to this term from a date (college time; null cancels the plan), on the term's
 * entity and entry; the other terms are untouched until the scheduled jobs apply it on that date.
 */
export async function planActivation(id: string, from: string | null): Promise<TermItem[]> {
  const term = (await getNode('term', id)) as TermItem | null;
  if (!term) throw notFound('term');
  if (from !== null && term.status === true)
    throw new Invalid(`${term.name} is already active: make it active now to make the others inactive`);
  if (from !== null && term.endDate && from > term.endDate) {
    throw new Invalid(`${term.name} ends on ${term.endDate}: choose a day of the term to switch on`);
  }
  const write = (key: keys.Key): TransactItem => ({
    Update: {
      TableName: tableName(),
      Key: key,
      UpdateExpression: from === null ? 'REMOVE #activeFrom' : 'SET #activeFrom = :from',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#activeFrom': 'activeFrom' },
      ...(from === null ? {} : { ExpressionAttributeValues: { ':from': from } }),
    },
  });
  const failed = await transact({ entity: write(structureNode('term', id)), entry: write(entryKey('term', term)) });
  if (failed) throw notFound('term');
  return (await listChildren('term')) as TermItem[];
}
