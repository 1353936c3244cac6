import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { GroupStudent } from '../group-students';

interface AttendanceFormProps {
  students: GroupStudent[];
  date: string;
  submitting: boolean;
  /** The ids of the present students, in list order. */
  onMark: (presentIds: string[]) => void;
}

/**
 * Step 7, the form: one toggle per student (a labelled checkbox styled as a switch, the whole row
 * is its tap target), a select-all toggle, and Mark.
 */
export function AttendanceForm({ students, date, submitting, onMark }: AttendanceFormProps) {
  const [present, setPresent] = useState<ReadonlySet<string>>(() => new Set());
  const selectAll = useRef<HTMLInputElement>(null);
  const countId = useId();
  const count = students.filter((student) => present.has(student._id)).length;
  const all = students.length > 0 && count === students.length;

  useEffect(() => {
    if (selectAll.current) selectAll.current.indeterminate = count > 0 && !all;
  }, [count, all]);

  function toggle(id: string, on: boolean) {
    setPresent((previous) => {
      const next = new Set(previous);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    onMark(students.filter((student) => present.has(student._id)).map((student) => student._id));
  }

  return (
    <form className="attendance-form" onSubmit={onSubmit} aria-label="Attendance">
      <div className="attendance-toolbar">
        <label className="toggle-row toggle-all">
          <span className="toggle-text">
            <span className="toggle-title">Select all</span>
          </span>
          <input
            ref={selectAll}
            type="checkbox"
            className="switch"
            checked={all}
            onChange={(event) => setPresent(event.target.checked ? new Set(students.map((student) => student._id)) : new Set())}
            aria-describedby={countId}
          />
        </label>
      </div>
      <fieldset className="student-fieldset">
        <legend className="visually-hidden">Students present</legend>
        <ul className="student-list">
          {students.map((student) => (
            <li key={student._id}>
              <label className="toggle-row">
                <span className="toggle-text">
                  <span className="toggle-title">{student.enrollment}</span>
                  <span className="toggle-detail">{student.name}</span>
                </span>
                <input
                  type="checkbox"
                  className="switch"
                  name="present"
                  value={student._id}
                  checked={present.has(student._id)}
                  onChange={(event) => toggle(student._id, event.target.checked)}
                />
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <div className="attendance-actions">
        <p className="attendance-summary">
          <span id={countId} className="attendance-count" aria-live="polite">
            {count} of {students.length} present
          </span>
          <span className="attendance-date">{date} (UTC)</span>
        </p>
        <button type="submit" className="button attendance-submit" disabled={submitting}>
          Mark
        </button>
      </div>
    </form>
  );
}
