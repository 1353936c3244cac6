import { useId, type CSSProperties, type RefObject } from 'react';
import { WEEKDAYS, type TimetableEntry } from '@shared/schemas/timetable';
import type { Slot } from '@shared/schemas/structure';
import { describeEntry, entriesAt, type EntryNames } from '../timetable';
import './timetable.css';

export type TimetableView = 'division' | 'faculty';

interface WeekGridProps {
  /** The grid's heading, e.g. 'Timetable of Division 1'. */
  title: string;
  /** The heading: where focus goes after a delete (the row's button is gone). */
  heading: RefObject<HTMLHeadingElement | null>;
  slots: Slot[];
  entries: TimetableEntry[];
  names: EntryNames | undefined;
  /** A division's cells name the faculty member; a faculty member's name the group. */
  view: TimetableView;
  onAdd: (weekday: number, slot: Slot) => void;
  onEdit: (entry: TimetableEntry, slot: Slot) => void;
  onDelete: (entry: TimetableEntry, name: string) => void;
}

/**
 * Whether a cell takes another class: an empty one does; in a division's week, a cell of labs too (the
 * other batches may have theirs at the same time); and one of odd or even weeks only, not both (a class
 * of the other weeks fits). The server decides (409 with its reason).
 */
const takesMore = (cell: TimetableEntry[], view: TimetableView) =>
  cell.length === 0 ||
  (view === 'division' && cell.every((entry) => entry.classKind === 'lab')) ||
  (cell.every((entry) => entry.weeks) && new Set(cell.map((entry) => entry.weeks)).size === 1);

/** The weekdays shown (1 = Monday): Monday to Saturday, and Sunday when a class uses it. */
export const daysShown = (entries: readonly TimetableEntry[]): number[] =>
  entries.some((entry) => entry.weekday === 7) ? [1, 2, 3, 4, 5, 6, 7] : [1, 2, 3, 4, 5, 6];

/**
 * The week (docs/product.md §3): a list of slots per weekday, laid out from 64rem as a grid of weekdays
 * (columns, each as wide as the screen allows: the week fits a 1280 px screen) × slots (rows); on a phone,
 * one day under the other.
 */
export function WeekGrid({ title, heading, slots, entries, names, view, onAdd, onEdit, onDelete }: WeekGridProps) {
  const id = useId();
  const days = daysShown(entries);
  return (
    <section className="timetable" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
        {title}
      </h2>
      {/* Focusable, so the keyboard can scroll it when it is wider than the screen. */}
      <div className="timetable-scroll" role="region" aria-label={`${title}, by weekday`} tabIndex={0}>
        <div className="timetable-week" style={{ '--slots': slots.length, '--days': days.length } as CSSProperties}>
          {days
            .map((weekday) => [WEEKDAYS[weekday - 1], weekday - 1] as const)
            .map(([day, index]) => (
              <section key={day} className="timetable-day" aria-labelledby={`${id}-${index}`}>
                <h3 id={`${id}-${index}`}>{day}</h3>
                <ul className="timetable-cells">
                  {slots.map((slot) => {
                    const cell = entriesAt(entries, index + 1, slot._id);
                    return (
                      <li key={slot._id} className="timetable-cell">
                        <span className="timetable-slot">{slot.name}</span>
                        {cell.map((entry) => {
                          const { course, kind, group, faculty, weeks } = describeEntry(entry, names);
                          const what = weeks ? `${kind}, ${weeks}` : kind;
                          return (
                            <div key={entry._id} className="timetable-entry" data-kind={entry.classKind}>
                              <span className="timetable-entry-text">
                                <strong>{course}</strong> {what}
                                <br />
                                {view === 'division' ? `${group} · ${faculty}` : group}
                              </span>
                              <span className="timetable-entry-actions">
                                <button
                                  type="button"
                                  className="button admin-row-button"
                                  aria-label={`Edit ${course} ${what}, ${group}, ${day} ${slot.name}`}
                                  onClick={() => onEdit(entry, slot)}
                                >
                                  Edit
                                </button>
                                <button
                                  type="button"
                                  className="button admin-row-button admin-row-button-danger"
                                  aria-label={`Delete ${course} ${what}, ${group}, ${day} ${slot.name}`}
                                  onClick={() => onDelete(entry, `${course} (${what}, ${group}) on ${day} at ${slot.name}`)}
                                >
                                  Delete
                                </button>
                              </span>
                            </div>
                          );
                        })}
                        {takesMore(cell, view) && (
                          <button
                            type="button"
                            className="button button-secondary timetable-add"
                            aria-label={`Add a class on ${day} at ${slot.name}`}
                            onClick={() => onAdd(index + 1, slot)}
                          >
                            Add
                          </button>
                        )}
                      </li>
                    );
                  })}
                </ul>
              </section>
            ))}
        </div>
      </div>
    </section>
  );
}
