import { useState } from 'react';
import * as z from 'zod/mini';
import { SLOT_MESSAGES, slotSchema } from '@shared/schemas/structure';
import { Dialog, DialogEnd } from '@web/components/ui/dialog';
import { Field } from '@web/components/ui/field';
import { errorMessage } from '@web/lib/api-client';
import { useForm, type Form } from '@web/lib/form';
import { useWrite } from '@web/lib/use-write';

/** A slot as the Slot screen lists it: its class times unset on a slot an older release stored. */
export interface TimedSlot {
  _id: string;
  name: string;
  start?: string;
  end?: string;
}

/** Both class times, as POST slot checks them: the end after the start (its message under Ends). */
export const slotTimesSchema = z
  .object({ start: slotSchema.shape.start, end: slotSchema.shape.end })
  .check(z.refine((times) => times.start < times.end, { error: SLOT_MESSAGES.order, path: ['end'] }));

type TimeValues = { start: string; end: string };
type TimeField = (name: keyof TimeValues) => Omit<ReturnType<Form<TimeValues>['field']>, 'name'> & { name: string };

/** The two time inputs of a slot form (college time, 24-hour 'HH:MM'). */
export function SlotTimeFields({ field }: { field: TimeField }) {
  return (
    <>
      <Field label="Starts" type="time" hint="College time" {...field('start')} />
      <Field label="Ends" type="time" {...field('end')} />
    </>
  );
}

/** The Class times column: '09:00 – 10:00', or the flag of a slot without them. */
export const slotTimesText = (slot: TimedSlot) => (slot.start && slot.end ? `${slot.start} – ${slot.end}` : 'No class times');

interface SlotTimesDialogProps {
  slot: TimedSlot;
  onClose: () => void;
  onSaved: (message: string) => void;
}

/** 'Class times of <slot>': its start and end, prefilled when set; Save sends both (PATCH slot/{id}). */
export function SlotTimesDialog({ slot, onClose, onSaved }: SlotTimesDialogProps) {
  const [failure, setFailure] = useState('');
  const form = useForm({ start: slot.start ?? '', end: slot.end ?? '' }, { onFailure: (error) => setFailure(errorMessage(error)) });
  const write = useWrite();
  const title = `Class times of ${slot.name}`;

  const save = form.handle(slotTimesSchema, async (times) => {
    setFailure('');
    if (times.start === slot.start && times.end === slot.end) return onClose();
    const answer = await write('PATCH /slot/{id}', { params: { id: slot._id }, body: times });
    // Closed first: the page is no longer inert when the message shows, so it is announced.
    onClose();
    onSaved(answer.message || 'Slot updated successfully');
  });

  return (
    <Dialog title={title} onClose={onClose} busy={form.busy} size="small">
      <form className="admin-form" onSubmit={save} noValidate aria-label={title}>
        <SlotTimeFields field={form.field} />
        <DialogEnd failure={failure} onCancel={onClose} submitLabel="Save" busy={form.busy} />
      </form>
    </Dialog>
  );
}
