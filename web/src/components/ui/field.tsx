import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from 'react';
import './form.css';

interface FieldFrame {
  /** The control's id (its label points at it; its error is `${id}-error`). */
  id: string;
  label: ReactNode;
  /** The validation message shown under the control (and announced with it). */
  error?: string;
  hint?: ReactNode;
}

const errorId = (id: string) => `${id}-error`;
const hintId = (id: string) => `${id}-hint`;

function describedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  const ids = [hint ? hintId(id) : '', error ? errorId(id) : ''].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

function FieldShell({ id, label, error, hint, children }: FieldFrame & { children: ReactNode }) {
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && (
        <p id={hintId(id)} className="form-field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId(id)} className="form-field-error">
          {error}
        </p>
      )}
    </div>
  );
}

export type TextFieldProps = FieldFrame & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>;

/** A labelled text input with its validation message. */
export function TextField({ id, label, error, hint, ...input }: TextFieldProps) {
  return (
    <FieldShell id={id} label={label} error={error} hint={hint}>
      <input id={id} type="text" aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, error, hint)} {...input} />
    </FieldShell>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

export type SelectFieldProps = FieldFrame &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'children'> & {
    options: SelectOption[];
    /** The text of the empty choice, shown while nothing is chosen ('Loading…', 'No division found', 'Select status'). */
    placeholder?: string;
  };

/** A labelled native select (keyboard and phone friendly) with its validation message. */
export function SelectField({ id, label, error, hint, options, placeholder, value, ...select }: SelectFieldProps) {
  const showPlaceholder = placeholder !== undefined && (value === '' || value === undefined || options.length === 0);
  return (
    <FieldShell id={id} label={label} error={error} hint={hint}>
      <select id={id} value={value} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, error, hint)} {...select}>
        {showPlaceholder && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}
