import { useEffect, useRef, useState } from 'react';
import { GUARDIAN_FIELDS, GUARDIAN_RELATIONS, guardianColumn, MAX_GUARDIANS } from '@shared/schemas/guardians';
import { EMAIL_INPUT, Field } from '@web/components/ui/field';
import type { StudentText } from './student-fields';
import type { Form } from '@web/lib/form';
import './guardian-fields.css';

const RELATION_OPTIONS = GUARDIAN_RELATIONS.map((relation) => ({ value: relation, label: relation }));

/** Where the focus goes after Add guardian (the new contact's name) or Remove (Add guardian). */
type FocusAfter = { to: 'row'; n: number } | { to: 'add' } | null;

/**
 * How many guardian contacts the form shows (none to MAX_GUARDIANS), and Add and Remove: removing
 * the first moves the second up, so the cells sent are always guardian 1, then guardian 2.
 */
export function useGuardianRows(form: Form<StudentText>, initial: number) {
  const [rows, setRows] = useState(initial);
  const [focusAfter, setFocusAfter] = useState<FocusAfter>(null);
  const add = () => {
    if (rows >= MAX_GUARDIANS) return;
    setRows(rows + 1);
    setFocusAfter({ to: 'row', n: rows + 1 });
  };
  const remove = (n: number) => {
    form.setValues((values) => {
      const next = { ...values };
      for (let from = n + 1; from <= MAX_GUARDIANS + 1; from++) {
        for (const field of GUARDIAN_FIELDS) {
          next[guardianColumn(from - 1, field)] = from <= MAX_GUARDIANS ? values[guardianColumn(from, field)] : '';
        }
      }
      return next;
    });
    form.clearErrors(
      ...Array.from({ length: MAX_GUARDIANS }, (_, at) => GUARDIAN_FIELDS.map((field) => guardianColumn(at + 1, field))).flat(),
    );
    setRows(Math.max(0, rows - 1));
    setFocusAfter({ to: 'add' });
  };
  return { rows, add, remove, reset: () => setRows(initial), focusAfter, focused: () => setFocusAfter(null) };
}

export type GuardianRows = ReturnType<typeof useGuardianRows>;

/** The Student form's optional guardian contacts: each a name, a relation, an email and a phone (one of the two at least). */
export function GuardianFields({ form, guardians }: { form: Form<StudentText>; guardians: GuardianRows }) {
  const fieldset = useRef<HTMLFieldSetElement>(null);
  const { rows, add, remove, focusAfter, focused } = guardians;
  useEffect(() => {
    if (!focusAfter || !fieldset.current) return;
    const target =
      focusAfter.to === 'row'
        ? fieldset.current.querySelector<HTMLElement>(`[data-guardian="${focusAfter.n}"] input`)
        : fieldset.current.querySelector<HTMLElement>('[data-add-guardian]');
    target?.focus();
    focused();
  }, [focusAfter, focused]);

  return (
    <fieldset className="admin-fieldset guardian-fields" ref={fieldset}>
      <legend>Guardians (optional)</legend>
      {rows === 0 && <p className="form-field-hint">No guardian contacts. Add a parent or guardian, with their email or phone.</p>}
      {Array.from({ length: rows }, (_, at) => {
        const n = at + 1;
        const cell = (field: (typeof GUARDIAN_FIELDS)[number]) => form.field(guardianColumn(n, field));
        return (
          <div className="guardian-row" role="group" aria-label={`Guardian ${n}`} data-guardian={n} key={n}>
            <Field label={`Guardian ${n} name`} autoComplete="off" {...cell('name')} />
            <Field label={`Guardian ${n} relation`} options={RELATION_OPTIONS} placeholder="Choose the relation" {...cell('relation')} />
            <Field label={`Guardian ${n} email`} {...EMAIL_INPUT} autoComplete="off" {...cell('email')} />
            <Field label={`Guardian ${n} phone`} type="tel" inputMode="tel" autoComplete="off" {...cell('phone')} />
            <div className="guardian-row-actions">
              <button type="button" className="button button-secondary" onClick={() => remove(n)}>
                Remove guardian {n}
              </button>
            </div>
          </div>
        );
      })}
      {form.errors.guardians && (
        <p className="form-field-error" role="alert">
          {form.errors.guardians}
        </p>
      )}
      {rows < MAX_GUARDIANS && (
        <div className="guardian-row-actions">
          <button type="button" className="button button-secondary" data-add-guardian onClick={add}>
            Add guardian
          </button>
        </div>
      )}
    </fieldset>
  );
}
