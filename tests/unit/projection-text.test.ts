import { describe, expect, it } from 'vitest';
import type { Projection } from '@shared/schemas/reports';
import { dayMonthTime, offlineCopyText } from '@web/features/reports/kept-copy';
import {
  attendedLine,
  cardPercent,
  cardState,
  dayMonth,
  firstNameOf,
  projectionLine,
  type Counted,
  type LineContext,
} from '@web/features/reports/projection-text';

/** The Home's projection lines (docs/product.md §5): what the classes still to come allow, in plain words. */

const PHYSICS: Counted = { course: 'Physics', classKind: 'lecture' };
const PHYSICS_LAB: Counted = { course: 'Physics', classKind: 'lab' };
const YOU: LineContext = { reader: { you: true }, threshold: 75, lastDay: '2026-11-30' };
const ASHA: LineContext = { ...YOU, reader: { you: false, firstName: 'Asha' } };

/** A projection as the server answers it (functions/lib/reports/projection.ts). */
function projection(change: Partial<Projection>): Projection {
  const base: Projection = {
    attended: 12,
    held: 16,
    percentage: 75,
    below: false,
    classesNeeded: 0,
    remaining: 12,
    canMiss: 2,
    best: 84.6,
  };
  return { ...base, ...change };
}

describe('the projection line', () => {
  it('at or above the threshold: how many classes are scheduled and how many may be missed', () => {
    expect(projectionLine(projection({}), PHYSICS, YOU)).toBe(
      '12 more Physics lectures are scheduled until 30 Nov; you can miss 2 of them and stay at 75%.',
    );
    expect(projectionLine(projection({}), PHYSICS, ASHA)).toBe(
      '12 more Physics lectures are scheduled until 30 Nov; Asha can miss 2 of them and stay at 75%.',
    );
    expect(projectionLine(projection({ remaining: 3, canMiss: 1 }), PHYSICS_LAB, YOU)).toBe(
      '3 more Physics labs are scheduled until 30 Nov; you can miss 1 of them and stay at 75%.',
    );
    expect(projectionLine(projection({ remaining: 40, canMiss: 9 }), 'overall', YOU)).toBe(
      '40 more classes are scheduled until 30 Nov; you can miss 9 of them and stay at 75%.',
    );
  });

  it('none may be missed: all of them must be attended', () => {
    expect(projectionLine(projection({ canMiss: 0 }), PHYSICS, YOU)).toBe(
      '12 more Physics lectures are scheduled until 30 Nov; you need to attend all of them to stay at 75%.',
    );
    expect(projectionLine(projection({ canMiss: 0 }), PHYSICS, ASHA)).toBe(
      '12 more Physics lectures are scheduled until 30 Nov; Asha needs to attend all of them to stay at 75%.',
    );
    expect(projectionLine(projection({ remaining: 1, canMiss: 0 }), PHYSICS, YOU)).toBe(
      '1 more Physics lecture is scheduled until 30 Nov; you need to attend it to stay at 75%.',
    );
    expect(projectionLine(projection({ remaining: 0, canMiss: 0 }), PHYSICS, YOU)).toBe(
      'No more Physics lectures are scheduled until 30 Nov.',
    );
  });

  it('below, reachable: the classes in a row that bring it back, and how many are scheduled', () => {
    const below = projection({ attended: 9, held: 16, percentage: 56.25, below: true, classesNeeded: 3, remaining: 12, canMiss: 0 });
    expect(projectionLine(below, PHYSICS, YOU)).toBe(
      'Attend the next 3 Physics lectures in a row to get back to 75%; 12 are scheduled until 30 Nov.',
    );
    expect(projectionLine(below, PHYSICS, ASHA)).toBe(
      'Asha needs to attend the next 3 Physics lectures in a row to get back to 75%; 12 are scheduled until 30 Nov.',
    );
    expect(projectionLine({ ...below, classesNeeded: 1, remaining: 1 }, PHYSICS, YOU)).toBe(
      'Attend the next Physics lecture to get back to 75%; 1 is scheduled until 30 Nov.',
    );
  });

  it('below, not reachable: the best it can become, and that the threshold cannot be reached this term', () => {
    const below = projection({
      attended: 6,
      held: 11,
      percentage: 54.5,
      below: true,
      classesNeeded: 9,
      remaining: 6,
      canMiss: 0,
      best: 70.588,
    });
    expect(projectionLine(below, PHYSICS, YOU)).toBe(
      'Even attending all 6 Physics lectures left until 30 Nov gives 70.6%: 75% cannot be reached this term.',
    );
    expect(projectionLine(below, PHYSICS, ASHA)).toBe(
      'Even attending all 6 Physics lectures left until 30 Nov gives Asha 70.6%: 75% cannot be reached this term.',
    );
    expect(projectionLine({ ...below, remaining: 1, best: 58.3 }, PHYSICS, YOU)).toBe(
      'Even attending the 1 Physics lecture left until 30 Nov gives 58.3%: 75% cannot be reached this term.',
    );
    expect(projectionLine({ ...below, remaining: 0, best: 54.5 }, PHYSICS, YOU)).toBe(
      'No more Physics lectures are scheduled until 30 Nov: 75% cannot be reached this term.',
    );
  });

  it('unknown: why the classes still to come cannot be counted (with the classes needed when below)', () => {
    const noLastDay = projection({ remaining: null, unknown: 'noLastDay', canMiss: null, best: null });
    const context = { ...YOU, lastDay: null };
    expect(projectionLine(noLastDay, PHYSICS, context)).toBe(
      "The term's last day is not set, so the classes still to come cannot be counted.",
    );
    const noTimetable = projection({ remaining: null, unknown: 'noTimetable', canMiss: null, best: null });
    expect(projectionLine(noTimetable, PHYSICS, YOU)).toBe(
      'The timetable has no Physics lectures for you, so the classes still to come cannot be counted.',
    );
    expect(projectionLine(noTimetable, PHYSICS_LAB, ASHA)).toBe(
      'The timetable has no Physics labs for Asha, so the classes still to come cannot be counted.',
    );
    expect(projectionLine(noTimetable, 'overall', YOU)).toBe(
      'The timetable has no classes for you, so the classes still to come cannot be counted.',
    );
    expect(projectionLine({ ...noLastDay, percentage: 50, below: true, classesNeeded: 4 }, PHYSICS, context)).toBe(
      "Attend the next 4 Physics lectures in a row to get back to 75%. The term's last day is not set, so the classes still to come cannot be counted.",
    );
  });

  it('a threshold of 100% after a missed class: it cannot be reached, whatever is still to come', () => {
    const missed = projection({ attended: 15, held: 16, percentage: 93.75, below: true, classesNeeded: null, canMiss: 0, best: 96.4 });
    const hundred = { ...YOU, threshold: 100 };
    expect(projectionLine(missed, PHYSICS, hundred)).toBe('A threshold of 100% cannot be reached after a missed class.');
    expect(projectionLine({ ...missed, remaining: null, unknown: 'noLastDay' }, PHYSICS, { ...hundred, reader: ASHA.reader })).toBe(
      'A threshold of 100% cannot be reached after a missed class.',
    );
  });

  it('no class held yet: the classes scheduled still count', () => {
    const none = projection({ attended: 0, held: 0, percentage: null, remaining: 8, canMiss: 2, best: 100 });
    expect(projectionLine(none, PHYSICS, YOU)).toBe(
      '8 more Physics lectures are scheduled until 30 Nov; you can miss 2 of them and stay at 75%.',
    );
  });
});

describe('the card', () => {
  it('says the percentage, attended of held and the state in words', () => {
    expect(cardPercent({ percentage: 70.5882 })).toBe('70.6%');
    expect(cardPercent({ percentage: null })).toBe('No classes yet');
    expect(attendedLine({ attended: 12, held: 16 })).toBe('attended 12 of 16');
    expect(attendedLine({ attended: 4.5, held: 8 })).toBe('attended 4.5 of 8');
    expect(cardState({ percentage: 70, below: true }, 75)).toBe('Below 75%');
    expect(cardState({ percentage: 75, below: false }, 75)).toBe('At or above 75%');
    expect(cardState({ percentage: null, below: false }, 75)).toBeNull();
  });

  it('says dates and moments as a person does, in college time', () => {
    expect(dayMonth('2026-11-30')).toBe('30 Nov');
    expect(dayMonth('2027-01-05')).toBe('5 Jan');
    expect(firstNameOf('Asha Patel')).toBe('Asha');
    // 03:44 UTC is 09:14 in India.
    const at = Date.parse('2026-11-26T03:44:00Z');
    expect(dayMonthTime(at, 'Asia/Kolkata')).toBe('26 Nov, 09:14');
    expect(dayMonthTime(at, 'America/New_York')).toBe('25 Nov, 22:44');
    expect(offlineCopyText('your', at, 'Asia/Kolkata')).toBe('Offline: showing your attendance as of 26 Nov, 09:14.');
  });
});
