import type { FormEventHandler, MouseEventHandler, ReactNode } from 'react';
import type * as z from 'zod/mini';
import type { BannerMessage } from '@web/components/ui/form-banner';
import type { Answer } from '@web/lib/api-client';
import { useForm } from '@web/lib/form';
import { toast } from '@web/lib/toast';
import './admin.css';

interface AddFormOptions {
  /** Said when the server's answer has no message ('Term added successfully'). */
  done: string;
  /** After an Add: show the list the item went into. */
  added: () => void;
  /** How the outcome is said (default: a toast). */
  report?: (message: BannerMessage) => void;
  onFailure?: (failure: unknown) => void;
}

const toastReport = ({ kind, text }: BannerMessage) => (kind === 'success' ? toast.success(text) : toast.error(text));

/**
 * The form of an admin screen that adds: useForm, plus handleAdd, whose success says the server's
 * message (else `done`), empties the fields and shows the list.
 */
export function useAddForm<V extends Record<string, string>>(initial: V, { done, added, report = toastReport, onFailure }: AddFormOptions) {
  const form = useForm(initial, { onFailure });
  const handleAdd = <T,>(schema: z.ZodMiniType<T>, send: (data: T) => Promise<Answer<unknown>>, input?: (values: V) => unknown) =>
    form.handle(
      schema,
      async (data) => {
        const answer = await send(data);
        report({ kind: 'success', text: answer.message || done });
        form.reset();
        added();
      },
      input,
    );
  return { ...form, handleAdd };
}

interface AdminFormProps {
  /** The form's accessible name. */
  label: string;
  /** The buttons of docs/product.md §2.5: Add (the form's submit, also on Enter) and Get. */
  addLabel: string;
  getLabel?: string;
  onAdd: FormEventHandler<HTMLFormElement>;
  onGet?: MouseEventHandler<HTMLButtonElement>;
  busy: boolean;
  /** The grid the fields sit in: 'admin-fields' (two columns from 40rem) or 'admin-fieldsets'. */
  layout?: 'admin-fields' | 'admin-fieldsets';
  children: ReactNode;
}

/** An admin screen's form card: its fields, then Add (submit) and Get. */
export function AdminForm({ label, addLabel, getLabel, onAdd, onGet, busy, layout = 'admin-fields', children }: AdminFormProps) {
  return (
    <form className="card admin-form" onSubmit={onAdd} noValidate aria-label={label}>
      <div className={layout}>{children}</div>
      <div className="admin-actions">
        <button type="submit" className="button" aria-busy={busy || undefined}>
          {addLabel}
        </button>
        {getLabel && (
          <button type="button" className="button button-secondary" onClick={onGet}>
            {getLabel}
          </button>
        )}
      </div>
    </form>
  );
}
