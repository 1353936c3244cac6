import { useId } from 'react';
import { Loaded } from '@web/components/ui/loaded';
import { CLASS_KIND_LABELS } from '@shared/constants';
import { useStudentClasses, type StudentClass } from '../api';

/** A class's key among the chosen: its date, slot, course and kind. */
export const classKey = (one: Pick<StudentClass, 'date' | 'slotid' | 'courseid' | 'classKind'>): string =>
  [one.date, one.slotid, one.courseid, one.classKind].join('|');

interface ClassChoiceProps {
  studentId: string;
  from: string;
  to: string;
  chosen: ReadonlySet<string>;
  onToggle: (key: string) => void;
  error?: string;
}

/** The student's classes of the chosen days, one checkbox each: the application covers those ticked. */
export function ClassChoice({ studentId, from, to, chosen, onToggle, error }: ClassChoiceProps) {
  const classes = useStudentClasses(studentId, from, to);
  const errorId = useId();
  return (
    <fieldset className="leave-classes" aria-describedby={error ? errorId : undefined}>
      <legend>Classes on leave</legend>
      {!from || !to || to < from ? (
        <p className="form-field-hint">Choose the first and the last day to see the classes.</p>
      ) : (
        <Loaded list={classes} empty="No classes on these days">
          {(list) => (
            <ul className="leave-class-list">
              {list.map((one) => {
                const key = classKey(one);
                return (
                  <li key={key}>
                    <label className="leave-class">
                      <input
                        type="checkbox"
                        checked={chosen.has(key)}
                        aria-invalid={error ? true : undefined}
                        onChange={() => onToggle(key)}
                      />
                      <span>
                        {one.date} {one.startTime}–{one.endTime}: {one.courseName} ({CLASS_KIND_LABELS[one.classKind]})
                      </span>
                    </label>
                  </li>
                );
              })}
            </ul>
          )}
        </Loaded>
      )}
      {error && (
        <p id={errorId} className="form-field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
