import { useState, type ChangeEvent, type SyntheticEvent } from 'react';
import { flushSync } from 'react-dom';
import type * as z from 'zod/mini';
import { errorMessage } from './api-client';
import { toast } from './toast';

/** What a required field of the Term form says when it is left empty. */
export const FIELD_REQUIRED = 'This field is required';

/** Messages by field, as the schema names the fields; an issue about the whole value is under 'form'. */
export type FieldErrors = Partial<Record<string, string>>;

/** The first message per field of a failed parse. */
export function firstErrors(error: z.core.$ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) errors[issue.path.length ? String(issue.path[0]) : 'form'] ??= issue.message;
  return errors;
}

/** A schema, or a loader of one (a dynamic import). */
export type SchemaOrLoader<T> = z.ZodMiniType<T> | (() => Promise<z.ZodMiniType<T>>);

/** Starts loading a form's schema before it is sent (a loader given to handle); a failure shows when the form is sent. */
export const preloadCheck = (load: () => Promise<unknown>): void => void load().catch(() => undefined);

interface FormOptions {
  /** What a failed send shows (default: an error toast with the server's message). */
  onFailure?: (failure: unknown) => void;
}

const toastFailure = (failure: unknown) => toast.error(errorMessage(failure));

/**
 * The one form pattern: the fields' text, their messages and a busy flag, checked by a shared
 * schema when the form is sent. Values the form does not hold (a dependent select's id, derived
 * from the lists) are added where the input is made, so no value is copied into the form's state.
 */
export function useForm<V extends Record<string, string>>(initial: V, { onFailure = toastFailure }: FormOptions = {}) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  const clearErrors = (...names: string[]) =>
    setErrors((previous) => {
      if (!names.some((name) => previous[name])) return previous;
      const next = { ...previous };
      for (const name of names) delete next[name];
      return next;
    });

  const change = (name: keyof V & string, value: string) => {
    setValues((previous) => ({ ...previous, [name]: value }));
    clearErrors(name);
  };

  /** A Field's props for one of the form's values: its name, value, message, and a change that clears the message. */
  const field = (name: keyof V & string) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => change(name, event.target.value),
  });

  /**
   * A handler for a form's submit or a button's click: the input (the values, or what `input`
   * makes of them) is parsed by `schema`. Invalid: each field shows its first message and the
   * first field in error (in screen order) takes the focus, so the message is read out. Valid:
   * `send` gets the parsed data while the form is busy; a failure goes to onFailure. The schema may be a loader
   * (`() => import(...)`): a screen that is mostly read then loads zod only when its form is first sent.
   */
  function handle<T>(schema: SchemaOrLoader<T>, send: (data: T) => unknown, input: (values: V) => unknown = (all) => all) {
    return async (event: SyntheticEvent<HTMLFormElement | HTMLButtonElement>) => {
      event.preventDefault();
      if (busy) return;
      const target = event.currentTarget;
      const given = input(values);
      let check: z.ZodMiniType<T>;
      try {
        check = typeof schema === 'function' ? await schema() : schema;
      } catch (failure) {
        return onFailure(failure);
      }
      const parsed = check.safeParse(given);
      if (!parsed.success) {
        flushSync(() => setErrors(firstErrors(parsed.error)));
        const form = target instanceof HTMLFormElement ? target : target.form;
        form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
        return;
      }
      setErrors({});
      setBusy(true);
      try {
        await send(parsed.data);
      } catch (failure) {
        onFailure(failure);
      } finally {
        setBusy(false);
      }
    };
  }

  return { values, errors, busy, field, setValues, setErrors, clearErrors, reset: () => setValues(initial), handle };
}

export type Form<V extends Record<string, string>> = ReturnType<typeof useForm<V>>;
