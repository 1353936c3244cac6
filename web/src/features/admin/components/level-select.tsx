import { SelectField } from '@web/components/ui/field';
import type { ChainLevel } from '../chain';

interface LevelSelectProps {
  level: ChainLevel;
  id: string;
  /** The form field name (docs/product.md §3: semester_id, update_batch_id, …). */
  name: string;
  label: string;
  error?: string;
  hint?: string;
  /** Called after a choice (to clear a validation message). */
  onChosen?: () => void;
}

/** One dropdown of a dependent chain. */
export function LevelSelect({ level, id, name, label, error, hint, onChosen }: LevelSelectProps) {
  return (
    <SelectField
      id={id}
      name={name}
      label={label}
      value={level.id}
      options={level.options}
      placeholder={level.placeholder}
      error={error}
      hint={hint}
      onChange={(event) => {
        level.choose(event.target.value);
        onChosen?.();
      }}
    />
  );
}
