import { useId } from 'react';
import { STATUS_LABELS, TAP_MODES, type TapMode } from './statuses';

const HINTS: Record<TapMode, string> = {
  absent: 'Tap a student to switch between present and absent.',
  late: 'Tap a student to mark them late; tap again for present.',
  excused: 'Tap a student to mark them excused; tap again for present.',
};

/** What a tap on a student marks: native radio buttons drawn as a segmented control (one Tab stop, arrows move). */
export function TapModes({ mode, onChange }: { mode: TapMode; onChange: (mode: TapMode) => void }) {
  const name = useId();
  return (
    <fieldset className="tap-modes" aria-describedby={`${name}-hint`}>
      <legend className="tap-modes-legend">A tap marks</legend>
      <div className="tap-modes-options">
        {TAP_MODES.map((option) => (
          <label key={option} className="tap-mode" data-mode={option}>
            <input type="radio" name={name} value={option} checked={mode === option} onChange={() => onChange(option)} />
            <span>{STATUS_LABELS[option]}</span>
          </label>
        ))}
      </div>
      <p id={`${name}-hint`} className="tap-modes-hint">
        {HINTS[mode]}
      </p>
    </fieldset>
  );
}
