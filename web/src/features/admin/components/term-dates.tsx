import { useState } from 'react';
import * as z from 'zod/mini';
import { TERM_DATES_OUT_OF_ORDER, termDatesInOrder, termSchema, type Term } from '@shared/schemas/structure';
import { Dialog, DialogEnd } from '@web/components/ui/dialog';
import { Field } from '@web/components/ui/field';
import { errorMessage } from '@web/lib/api-client';
import { useForm, type Form } from '@web/lib/form';
import { useWrite } from '@web/lib/use-write';

/** A term's optional first and last day (docs/product.md §2.5), as the server checks each. */
export const termDateFields = { startDate: termSchema.shape.startDate, endDate: termSchema.shape.endDate };
type DateChoice = Parameters<typeof termDatesInOrder>[0];
/** Dates out of order: the message shows under Last day. */
export const termDatesOrdered = () => z.refine<DateChoice>(termDatesInOrder, { error: TERM_DATES_OUT_OF_ORDER, path: ['endDate'] });

type DateValues = { startDate: string; endDate: string };
type DateField = (name: keyof DateValues) => Omit<ReturnType<Form<DateValues>['field']>, 'name'> & { name: string };

/** The two date inputs of a term form (`field` of its useForm); an empty one is no date. */
export function TermDateFields({ field }: { field: DateField }) {
  return (
    <>
      <Field label="First day" type="date" hint="Optional" {...field('startDate')} />
      <Field label="Last day" type="date" hint="Optional" {...field('endDate')} />
    </>
  );
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** '2026-06-01' → '1 Jun 2026' (a calendar day: no time zone involved). */
export const formatDay = (day: string) => {
  const [year, month, date] = day.split('-').map(Number);
  return `${date} ${MONTHS[month! - 1]} ${year}`;
};

/** The Dates column: '1 Jun 2026 – 30 Nov 2026', 'From 1 Jun 2026', 'Until 30 Nov 2026' or 'Not set'. */
export function termDatesText({ startDate, endDate }: Pick<Term, 'startDate' | 'endDate'>) {
  if (startDate && endDate) return `${formatDay(startDate)} – ${formatDay(endDate)}`;
  if (startDate) return `From ${formatDay(startDate)}`;
  if (endDate) return `Until ${formatDay(endDate)}`;
  return 'Not set';
}

const datesForm = z.object(termDateFields).check(termDatesOrdered());
const orNull = (day: string) => day.trim() || null;

interface TermDatesDialogProps {
  term: Term;
  onClose: () => void;
  onSaved: (message: string) => void;
}

/**
 * 'Dates of <term>': the first and last day, prefilled. Save sends only the days that changed (null
 * clears one), so a change another admin made to the other day meanwhile is kept.
 */
export function TermDatesDialog({ term, onClose, onSaved }: TermDatesDialogProps) {
  const [failure, setFailure] = useState('');
  const form = useForm(
    { startDate: term.startDate ?? '', endDate: term.endDate ?? '' },
    { onFailure: (error) => setFailure(errorMessage(error)) },
  );
  const write = useWrite();

  const save = form.handle(
    datesForm,
    async (dates) => {
      setFailure('');
      const changes = {
        ...(dates.startDate !== (term.startDate ?? null) && { startDate: dates.startDate }),
        ...(dates.endDate !== (term.endDate ?? null) && { endDate: dates.endDate }),
      };
      if (Object.keys(changes).length === 0) return onClose();
      const answer = await write('PATCH /term/{id}', { params: { id: term._id }, body: changes });
      // Closed first: the page is no longer inert when the message shows, so it is announced.
      onClose();
      onSaved(answer.message || `Term ${term.name} updated`);
    },
    (values) => ({ startDate: orNull(values.startDate), endDate: orNull(values.endDate) }),
  );

  const clearBoth = () => {
    form.setValues({ startDate: '', endDate: '' });
    form.clearErrors('startDate', 'endDate');
  };

  return (
    <Dialog title={`Dates of ${term.name}`} onClose={onClose} busy={form.busy} size="small">
      <form className="admin-form" onSubmit={save} noValidate aria-label={`Dates of ${term.name}`}>
        <TermDateFields field={form.field} />
        <DialogEnd failure={failure} onCancel={onClose} submitLabel="Save" busy={form.busy}>
          <button type="button" className="button button-secondary" onClick={clearBoth}>
            Clear both
          </button>
        </DialogEnd>
      </form>
    </Dialog>
  );
}
