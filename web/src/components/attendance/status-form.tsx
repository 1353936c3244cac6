import { useEffect, useEffectEvent, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { StatusChip } from './status-chip';
import { countStatuses, inClass, selectAll, tapped, type MarkedStudent, type Statuses, type TapMode } from './statuses';
import { TapModes } from './tap-modes';
import './status-form.css';

interface StatusFormProps {
  students: readonly MarkedStudent[];
  /** The statuses it starts from: everyone present for a new mark, the stored ones for a correction. */
  initial: Statuses;
  date: string;
  submitLabel: string;
  submitting: boolean;
  onSubmit: (statuses: Statuses, event: FormEvent<HTMLFormElement>) => void;
  /** Fields between the list and the actions (a correction's reason). */
  children?: ReactNode;
  /** 'dialog': the actions bar sits at the bottom of a dialog, not of the page. */
  placement?: 'page' | 'dialog';
  /** Told after each change of the statuses (the marking form keeps them as a draft). */
  onChange?: (statuses: Statuses) => void;
  /** A word on a student, shown in their row and read as its description ('On leave (Medical)'), by student. */
  notes?: Readonly<Record<string, string>>;
}

/**
 * The marking form: one switch per student (a labelled checkbox, the whole row its tap target; on
 * means in the room), a select-all switch, and what a tap marks (absent by default; late or excused
 * take one tap to choose, then one per student), so no student needs more than two taps.
 */
export function StatusForm({
  students,
  initial,
  date,
  submitLabel,
  submitting,
  onSubmit,
  children,
  placement = 'page',
  onChange,
  notes = {},
}: StatusFormProps) {
  const [statuses, setStatuses] = useState<Statuses>(initial);
  const [mode, setMode] = useState<TapMode>('absent');
  const selectAllBox = useRef<HTMLInputElement>(null);
  const countId = useId();
  const rowId = useId();
  const counts = countStatuses(students, statuses);
  const here = counts.present + counts.late;
  const all = students.length > 0 && here === students.length;
  const others = [counts.late && `${counts.late} late`, counts.excused && `${counts.excused} excused`].filter(Boolean).join(', ');

  const changed = useEffectEvent((next: Statuses) => {
    if (next !== initial) onChange?.(next);
  });
  useEffect(() => changed(statuses), [statuses]);

  useEffect(() => {
    if (selectAllBox.current) selectAllBox.current.indeterminate = here > 0 && !all;
  }, [here, all]);

  function tap(id: string) {
    setStatuses((previous) => ({ ...previous, [id]: tapped(previous[id] ?? 'absent', mode) }));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!submitting) onSubmit(statuses, event);
  }

  return (
    <form className={`attendance-form attendance-form-${placement}`} onSubmit={submit} aria-label="Attendance" noValidate>
      <div className="attendance-toolbar">
        <TapModes mode={mode} onChange={setMode} />
        <label className="toggle-row toggle-all">
          <span className="toggle-text">
            <span className="toggle-title">Select all</span>
          </span>
          <input
            ref={selectAllBox}
            type="checkbox"
            className="switch"
            checked={all}
            onChange={(event) => setStatuses((previous) => selectAll(previous, event.target.checked))}
            aria-describedby={countId}
          />
        </label>
      </div>
      <fieldset className="student-fieldset">
        <legend className="visually-hidden">Students present</legend>
        <ul className="student-list">
          {students.map((student, index) => {
            const status = statuses[student._id] ?? 'absent';
            const chipId = `${rowId}-${index}`;
            const note = notes[student._id];
            const described = [status === 'present' ? '' : chipId, note ? `${chipId}-note` : ''].filter(Boolean).join(' ');
            return (
              <li key={student._id}>
                <label className="toggle-row" data-status={status}>
                  <span className="toggle-text">
                    <span className="toggle-title">{student.enrollment}</span>
                    <span className="toggle-detail">{student.name}</span>
                    {note && (
                      <span id={`${chipId}-note`} className="toggle-note" aria-hidden="true">
                        {note}
                      </span>
                    )}
                  </span>
                  {status !== 'present' && (
                    // Hidden from the name (the row is named by the student), read as its description.
                    <StatusChip status={status} id={chipId} aria-hidden="true" />
                  )}
                  <input
                    type="checkbox"
                    className="switch"
                    name="present"
                    value={student._id}
                    checked={inClass(status)}
                    aria-describedby={described || undefined}
                    onChange={() => tap(student._id)}
                  />
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>
      {children}
      <div className="attendance-actions">
        <p className="attendance-summary">
          <span id={countId} className="attendance-count" aria-live="polite">
            {here} of {students.length} present
          </span>
          <span className="attendance-others" aria-live="polite">
            {others}
          </span>
          <span className="attendance-date">{date}</span>
        </p>
        <button type="submit" className="button attendance-submit" disabled={submitting}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
