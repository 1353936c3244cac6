import { useId, type ReactNode } from 'react';
import { leaveSettingsFields, MAX_LEAVE_BACK_DAYS, MAX_LEAVE_DAYS, MAX_LEAVE_KINDS, type LeaveKind } from '@shared/schemas/leave-settings';
import { Field } from '@web/components/ui/field';
import type { FieldErrors } from '@web/lib/form';

/**
 * The leave rules' part of the Settings form (docs/product.md §2.17): the kinds of leave a student may
 * apply for, each with how its classes count, its longest length and when it needs a certificate, and
 * how far back leave may start. The form holds text; these convert the kinds to it and back.
 */
export interface KindRow {
  name: string;
  countsAs: string;
  maxDays: string;
  /** Empty: a certificate is never needed. */
  certificateOverDays: string;
}

const COUNTS_OPTIONS = [
  { value: 'excused', label: 'Excused' },
  { value: 'present', label: 'Present (on duty)' },
];
const NEW_KIND: KindRow = { name: '', countsAs: 'excused', maxDays: '1', certificateOverDays: '' };

export const kindRows = (kinds: readonly LeaveKind[]): KindRow[] =>
  kinds.map((kind) => ({
    name: kind.name,
    countsAs: kind.countsAs,
    maxDays: String(kind.maxDays),
    certificateOverDays: kind.certificateOverDays === null ? '' : String(kind.certificateOverDays),
  }));

const number = (text: string) => (text.trim() === '' ? undefined : Number(text));

/** The rows as the schema reads them: numbers where numbers go, an empty certificate field as never. */
export const kindsFromRows = (rows: readonly KindRow[]) =>
  rows.map((row) => ({
    name: row.name,
    countsAs: row.countsAs,
    maxDays: number(row.maxDays),
    certificateOverDays: row.certificateOverDays.trim() === '' ? null : Number(row.certificateOverDays),
  }));

/** Each field's first message, by row and field, once the form has been sent with the kinds in error. */
function cellErrors(rows: readonly KindRow[], shown: boolean): Record<string, string> {
  if (!shown) return {};
  const parsed = leaveSettingsFields.leaveKinds.safeParse(kindsFromRows(rows));
  const errors: Record<string, string> = {};
  for (const issue of parsed.error?.issues ?? []) {
    if (issue.path.length >= 2) errors[`${String(issue.path[0])}.${String(issue.path[1])}`] ??= issue.message;
  }
  return errors;
}

interface LeaveKindsFieldsProps {
  rows: KindRow[];
  onRows: (rows: KindRow[]) => void;
  /** The form's messages: 'leaveKinds' (the first of the kinds), and the back days' field. */
  errors: FieldErrors;
  backDays: ReactNode;
}

export function LeaveKindsFields({ rows, onRows, errors, backDays }: LeaveKindsFieldsProps) {
  const listErrorId = useId();
  const cells = cellErrors(rows, Boolean(errors.leaveKinds));
  // A message about the list itself (how many, names repeated), not one field.
  const listError = errors.leaveKinds && Object.keys(cells).length === 0 ? errors.leaveKinds : undefined;
  const change = (at: number, changes: Partial<KindRow>) => onRows(rows.map((row, index) => (index === at ? { ...row, ...changes } : row)));
  const cell = (at: number, name: keyof KindRow) => ({
    name: `leaveKinds.${at}.${name}`,
    value: rows[at]![name],
    error: cells[`${at}.${name}`],
    onChange: (event: { target: { value: string } }) => change(at, { [name]: event.target.value }),
  });

  return (
    <fieldset className="admin-fieldset" style={{ gridColumn: '1 / -1' }} aria-describedby={listError ? listErrorId : undefined}>
      <legend>Leave applications</legend>
      {backDays}
      {rows.map((row, at) => (
        <fieldset key={at} className="admin-fieldset leave-kind-row">
          <legend>{row.name.trim() || `Kind ${at + 1}`}</legend>
          <Field label="Name" autoComplete="off" maxLength={40} {...cell(at, 'name')} />
          <Field label="Its classes count as" options={COUNTS_OPTIONS} {...cell(at, 'countsAs')} />
          <Field
            label="Longest leave (days)"
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_LEAVE_DAYS}
            step={1}
            {...cell(at, 'maxDays')}
          />
          <Field
            label="Certificate needed over (days)"
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_LEAVE_DAYS}
            step={1}
            hint="0: always needed. Leave empty: never needed."
            {...cell(at, 'certificateOverDays')}
          />
          <button
            type="button"
            className="button button-secondary"
            aria-label={`Remove ${row.name.trim() || `kind ${at + 1}`}`}
            disabled={rows.length === 1}
            onClick={() => onRows(rows.filter((_, index) => index !== at))}
          >
            Remove
          </button>
        </fieldset>
      ))}
      {listError && (
        <p id={listErrorId} className="form-field-error" role="alert">
          {listError}
        </p>
      )}
      <button
        type="button"
        className="button button-secondary"
        disabled={rows.length >= MAX_LEAVE_KINDS}
        onClick={() => onRows([...rows, NEW_KIND])}
      >
        Add a kind of leave
      </button>
    </fieldset>
  );
}

export const LEAVE_BACK_DAYS_FIELD = {
  label: 'Leave may start up to (days back)',
  type: 'number',
  inputMode: 'numeric',
  min: 0,
  max: MAX_LEAVE_BACK_DAYS,
  step: 1,
  hint: 'How many days before today an application may start (0: today or later).',
} as const;
