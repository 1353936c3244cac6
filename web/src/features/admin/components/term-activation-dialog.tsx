import { useId, useState } from 'react';
import * as z from 'zod/mini';
import { activationDay, type Term } from '@shared/schemas/structure';
import { Dialog, DialogEnd } from '@web/components/ui/dialog';
import { Field } from '@web/components/ui/field';
import { errorMessage } from '@web/lib/api-client';
import { useCollegeTime } from '@web/lib/college-time';
import { useForm } from '@web/lib/form';
import { useWrite } from '@web/lib/use-write';
import { formatDay } from './term-dates';

interface TermActivationDialogProps {
  term: Term;
  /** Every term: the active ones are the ones this switch makes inactive. */
  terms: readonly Term[];
  onClose: () => void;
  onDone: (message: string) => void;
}

const names = (terms: readonly Term[]) => terms.map((term) => term.name).join(', ');

/** What the switch changes, for whom (docs/product.md §3): said before the admin confirms. */
export function activationConsequences(term: Term, terms: readonly Term[]): string[] {
  const old = terms.filter((other) => other.status && other._id !== term._id);
  return [
    `Every faculty member's Home and Today will show ${term.name}'s classes, and attendance will be marked in ${term.name}.`,
    old.length
      ? `${names(old)} ${old.length === 1 ? 'becomes' : 'become'} inactive: ${old.length === 1 ? 'its' : 'their'} attendance stays viewable but can no longer be marked, and ${old.length === 1 ? 'its' : 'their'} classes leave Today and Not marked.`
      : 'No term is active now.',
  ];
}

const activationForm = z.object({ from: activationDay });

/**
 * 'Make <term> the active term?': what changes for whom, and an optional day to switch on (college
 * time; empty or today: now). A later day is planned: the term's row shows it, with Cancel.
 */
export function TermActivationDialog({ term, terms, onClose, onDone }: TermActivationDialogProps) {
  const { today } = useCollegeTime();
  const describedBy = useId();
  const [failure, setFailure] = useState('');
  const form = useForm({ from: '' }, { onFailure: (error) => setFailure(errorMessage(error)) });
  const write = useWrite();
  const later = form.values.from !== '' && form.values.from > today;

  const confirm = form.handle(
    activationForm,
    async ({ from }) => {
      setFailure('');
      const answer = await write('POST /term/{id}/activate', { params: { id: term._id }, body: from ? { from } : {} });
      onClose();
      onDone(answer.message || `${term.name} is now the active term`);
    },
    (values) => ({ from: values.from.trim() || undefined }),
  );

  return (
    <Dialog title={`Make ${term.name} the active term?`} onClose={onClose} busy={form.busy} describedBy={describedBy}>
      <form className="admin-form" onSubmit={confirm} noValidate aria-label={`Make ${term.name} active`}>
        <div id={describedBy}>
          {activationConsequences(term, terms).map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
        <Field
          label="From date"
          type="date"
          min={today}
          hint={
            later
              ? `Planned: ${term.name} becomes the active term at the start of ${formatDay(form.values.from)} (college time).`
              : 'Optional. Empty or today: the switch happens now. A later day: at the start of that day (college time).'
          }
          {...form.field('from')}
        />
        <DialogEnd failure={failure} onCancel={onClose} submitLabel={later ? 'Plan the switch' : 'Make active now'} busy={form.busy} />
      </form>
    </Dialog>
  );
}
