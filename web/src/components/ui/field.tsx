import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';
import './form.css';

export interface SelectOption {
  value: string;
  label: string;
}
/** Options listed under a heading (the batches of each division). */
export interface OptionGroup {
  label: string;
  options: SelectOption[];
}

interface Frame {
  label: ReactNode;
  /** The validation message shown under the control (and announced with it). */
  error?: string;
  hint?: ReactNode;
}

type InputProps = Frame & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & { options?: undefined };

type SelectProps = Frame &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'children'> & {
    options: (SelectOption | OptionGroup)[];
    /** The empty choice, listed while nothing is chosen ('Loading…', 'No division found', 'Select status'). */
    placeholder?: string;
  };

export type FieldProps = InputProps | SelectProps;

/** An email input's attributes: the email keyboard, no capitals, no spell check. */
export const EMAIL_INPUT = { type: 'email', inputMode: 'email', autoCapitalize: 'none', spellCheck: false } as const;

/**
 * The one form field: a label, the control (an input, or a native select when `options` are given:
 * keyboard and phone friendly), its hint and its validation message, both tied to the control.
 */
export function Field(props: FieldProps) {
  const id = useId();
  const { label, error, hint } = props;
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  const control = { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': described || undefined };
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      {props.options ? <Select control={control} {...props} /> : <Input control={control} {...props} />}
      {hint && (
        <p id={`${id}-hint`} className="form-field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="form-field-error">
          {error}
        </p>
      )}
    </div>
  );
}

type Control = { control: { id: string; 'aria-invalid': boolean | undefined; 'aria-describedby': string | undefined } };

function Input({ control, label: _label, error: _error, hint: _hint, options: _options, ...input }: InputProps & Control) {
  return <input type="text" {...control} {...input} />;
}

function Select({ control, label: _label, error: _error, hint: _hint, options, placeholder, value, ...select }: SelectProps & Control) {
  const showPlaceholder = placeholder !== undefined && (!value || options.length === 0);
  return (
    <select {...control} value={value} {...select}>
      {showPlaceholder && <option value="">{placeholder}</option>}
      {options.map((option) =>
        'options' in option ? (
          <optgroup key={option.label} label={option.label}>
            {option.options.map(renderOption)}
          </optgroup>
        ) : (
          renderOption(option)
        ),
      )}
    </select>
  );
}

const renderOption = (option: SelectOption) => (
  <option key={option.value} value={option.value}>
    {option.label}
  </option>
);
