import { useRef, useState } from 'react';
import type * as z from 'zod/mini';
import { Dialog, DialogEnd } from '@web/components/ui/dialog';
import { Field } from '@web/components/ui/field';
import { ApiError, errorMessage, type Answer } from '@web/lib/api-client';
import { useForm } from '@web/lib/form';

export interface RenameDialogProps {
  /** The level's label, for the message when the server sends none ('Semester'). */
  label: string;
  item: { _id: string; name: string };
  /** The rename route's body schema: the create's name rules and message. */
  schema: z.ZodMiniType<{ name: string }>;
  /** Sends the new name (PATCH <level>/{id}). */
  rename: (id: string, name: string) => Promise<Answer<unknown>>;
  onClose: () => void;
  onSaved: (message: string) => void;
}

/** A refusal of the name itself (empty, taken, a look-alike of a sibling's): said under the field. */
const refusesTheName = (failure: unknown) => failure instanceof ApiError && (failure.status === 400 || failure.status === 409);

/**
 * 'Rename <name>': the name prefilled; Save sends it, unless it is the same. The server's refusal of the
 * name shows under the field (which takes the focus, so it is read out); any other failure above the buttons.
 */
export function RenameDialog({ label, item, schema, rename, onClose, onSaved }: RenameDialogProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const [failure, setFailure] = useState('');
  const form = useForm(
    { name: item.name },
    {
      onFailure: (error) => {
        if (!refusesTheName(error)) return setFailure(errorMessage(error));
        form.setErrors({ name: errorMessage(error) });
        // After the message is drawn, so that the field is described by it when focused.
        requestAnimationFrame(() => formRef.current?.querySelector<HTMLInputElement>('input[name="name"]')?.focus());
      },
    },
  );
  const title = `Rename ${item.name}`;

  const save = form.handle(schema, async ({ name }) => {
    setFailure('');
    if (name === item.name) return onClose();
    const answer = await rename(item._id, name);
    // Closed first: the page is no longer inert when the message shows, so it is announced.
    onClose();
    onSaved(answer.message || `${label} renamed successfully`);
  });

  return (
    <Dialog title={title} onClose={onClose} busy={form.busy} size="small">
      <form ref={formRef} className="admin-form" onSubmit={save} noValidate aria-label={title}>
        <Field label="Name" autoComplete="off" {...form.field('name')} />
        <DialogEnd failure={failure} onCancel={onClose} submitLabel="Save" busy={form.busy} />
      </form>
    </Dialog>
  );
}
