import type { CourseProjection, Projection } from '@shared/schemas/reports';
import { CLASS_KIND_LABELS } from '@shared/constants';
import { formatCount, formatPercent, formatThreshold } from './standing';

/*
 * A standing's projection in words (docs/product.md §5), as the student's and guardian's Home shows it under
 * each card: what the classes still scheduled until the term's last day allow. A student reads 'you'; a
 * guardian reads the child's first name. Pure: dates come in as the college's YYYY-MM-DD.
 */

/** Who the line speaks of: the student themself, or a guardian's child by first name. */
export type Reader = { you: true } | { you: false; firstName: string };

export interface LineContext {
  reader: Reader;
  threshold: number;
  /** The term's last day (YYYY-MM-DD); null when not set. */
  lastDay: string | null;
}

/** What a card counts: one course and kind, or every class together. */
export type Counted = Pick<CourseProjection, 'course' | 'classKind'> | 'overall';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A college date as a person says it: '2026-11-30' → '30 Nov'. */
export function dayMonth(date: string): string {
  const [, month, day] = date.split('-').map(Number);
  return `${day} ${MONTHS[month! - 1]}`;
}

/** A guardian's child by the first word of their name: 'Asha Patel' → 'Asha'. */
export const firstNameOf = (name: string): string => name.trim().split(/\s+/)[0] || name;

/** 'Physics lectures', 'Physics lab', 'classes': what `count` classes of the card are called. */
export function classesOf(counted: Counted, count: number): string {
  const one = count === 1;
  if (counted === 'overall') return one ? 'class' : 'classes';
  const kind = CLASS_KIND_LABELS[counted.classKind].toLowerCase();
  return `${counted.course} ${kind}${one ? '' : 's'}`;
}

/** A card's heading: 'Physics' with 'Lecture', or 'Overall' with 'All courses'. */
export const cardTitle = (counted: Counted): { name: string; kind: string } =>
  counted === 'overall' ? { name: 'Overall', kind: 'All courses' } : { name: counted.course, kind: CLASS_KIND_LABELS[counted.classKind] };

/** The percentage large on the card: '62.5%', or 'No classes yet' when none counts. */
export const cardPercent = (projection: Pick<Projection, 'percentage'>): string =>
  projection.percentage === null ? 'No classes yet' : formatPercent(projection.percentage);

/** 'attended 12 of 16' (a late worth its part: '4.5 of 8'). */
export const attendedLine = (projection: Pick<Projection, 'attended' | 'held'>): string =>
  `attended ${formatCount(projection.attended)} of ${formatCount(projection.held)}`;

/** The card's state in words: 'Below 75%', 'At or above 75%', or null before any class counts. */
export function cardState(projection: Pick<Projection, 'percentage' | 'below'>, threshold: number): string | null {
  if (projection.percentage === null) return null;
  return `${projection.below ? 'Below' : 'At or above'} ${formatThreshold(threshold)}`;
}

/** The one line that explains what the classes still to come allow. */
export function projectionLine(projection: Projection, counted: Counted, context: LineContext): string {
  const { reader, threshold } = context;
  const target = formatThreshold(threshold);
  const until = `until ${context.lastDay ? dayMonth(context.lastDay) : 'the end of the term'}`;
  const { remaining, classesNeeded, below } = projection;

  if (below && classesNeeded === null) return `A threshold of ${target} cannot be reached after a missed class.`;
  const backTo = below && classesNeeded !== null ? attendNext(classesNeeded, counted, reader, target) : '';

  if (remaining === null) {
    const why =
      projection.unknown === 'noTimetable'
        ? `The timetable has no ${classesOf(counted, 2)} for ${reader.you ? 'you' : reader.firstName}, so the classes still to come cannot be counted.`
        : "The term's last day is not set, so the classes still to come cannot be counted.";
    return backTo ? `${backTo}. ${why}` : why;
  }

  if (below) {
    if (classesNeeded !== null && classesNeeded <= remaining)
      return `${backTo}; ${remaining} ${remaining === 1 ? 'is' : 'are'} scheduled ${until}.`;
    if (remaining === 0) return `No more ${classesOf(counted, 2)} are scheduled ${until}: ${target} cannot be reached this term.`;
    const all = remaining === 1 ? `the 1 ${classesOf(counted, 1)}` : `all ${remaining} ${classesOf(counted, remaining)}`;
    const gives = reader.you ? 'gives' : `gives ${reader.firstName}`;
    return `Even attending ${all} left ${until} ${gives} ${formatPercent(projection.best)}: ${target} cannot be reached this term.`;
  }

  if (remaining === 0) return `No more ${classesOf(counted, 2)} are scheduled ${until}.`;
  const scheduled = `${remaining} more ${classesOf(counted, remaining)} ${remaining === 1 ? 'is' : 'are'} scheduled ${until}`;
  const them = remaining === 1 ? 'it' : 'all of them';
  const canMiss = projection.canMiss ?? 0;
  if (canMiss === 0) {
    const needs = reader.you ? 'you need' : `${reader.firstName} needs`;
    return `${scheduled}; ${needs} to attend ${them} to stay at ${target}.`;
  }
  const can = reader.you ? 'you can' : `${reader.firstName} can`;
  const missed = remaining === 1 ? 'it' : canMiss === remaining ? 'all of them' : `${canMiss} of them`;
  return `${scheduled}; ${can} miss ${missed} and stay at ${target}.`;
}

/** 'Attend the next 3 Physics lectures in a row to get back to 75%' ('Asha needs to attend …'). */
function attendNext(count: number, counted: Counted, reader: Reader, target: string): string {
  const attend = reader.you ? 'Attend' : `${reader.firstName} needs to attend`;
  const next = count === 1 ? `the next ${classesOf(counted, 1)}` : `the next ${count} ${classesOf(counted, count)} in a row`;
  return `${attend} ${next} to get back to ${target}`;
}
