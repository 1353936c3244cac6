import { useState } from 'react';
import * as z from 'zod/mini';
import { requiredText } from '@shared/schemas/common';
import type { Term } from '@shared/schemas/structure';
import { Field } from '@web/components/ui/field';
import { Page } from '@web/components/ui/page';
import { FIELD_REQUIRED } from '@web/lib/form';
import { useAllTerms } from '@web/lib/queries';
import { toast } from '@web/lib/toast';
import { useWrite } from '@web/lib/use-write';
import { AdminForm, useAddForm } from './admin-form';
import { AdminList, RowButton } from './admin-list';
import { TermDateFields, TermDatesDialog, termDateFields, termDatesOrdered, termDatesText } from './term-dates';
import { useListing } from './use-listing';

const STATUS_OPTIONS = [
  { value: 'inactive', label: 'inactive' },
  { value: 'active', label: 'active' },
];

/** The term body from the form (status 'active' → true), with the form's own message under each empty field. */
const termForm = z
  .object({
    name: requiredText(FIELD_REQUIRED),
    status: z.pipe(
      z.enum(['inactive', 'active'], { error: FIELD_REQUIRED }),
      z.transform((status) => status === 'active'),
    ),
    ...termDateFields,
  })
  .check(termDatesOrdered());

/** An empty date input: the term is added without that day. */
const dayOrNone = (day: string) => day.trim() || undefined;

/** Term (docs/product.md §2.5): name, status (inactive/active), optional first and last day, Add Term, Get Terms; Edit dates on each row. */
export function TermPage() {
  const listing = useListing<true>();
  const form = useAddForm(
    { name: '', status: '', startDate: '', endDate: '' },
    { done: 'Term added successfully', added: () => listing.show(true) },
  );
  const terms = useAllTerms();
  const write = useWrite();
  const [editing, setEditing] = useState<Term | null>(null);
  const add = form.handleAdd(
    termForm,
    (term) => write('POST /term', { body: term }),
    (values) => ({ ...values, startDate: dayOrNone(values.startDate), endDate: dayOrNone(values.endDate) }),
  );

  return (
    <Page title="Term" lead={<p className="admin-lead">Add a term, or list every term and whether it is active.</p>}>
      <AdminForm label="Term" addLabel="Add Term" getLabel="Get Terms" onAdd={add} onGet={() => listing.get(true, terms)} busy={form.busy}>
        <Field label="Name" autoComplete="off" {...form.field('name')} />
        <Field label="Status" options={STATUS_OPTIONS} placeholder="Select status" {...form.field('status')} />
        <TermDateFields field={form.field} />
      </AdminForm>
      <AdminList
        title="Terms"
        listing={listing}
        list={terms}
        empty="No term found"
        columns={[
          { header: 'Name', cell: (term) => term.name },
          {
            header: 'Status',
            cell: (term) => <span className={term.status ? 'status-true' : 'status-false'}>{term.status ? 'True' : 'False'}</span>,
          },
          { header: 'Dates', cell: termDatesText },
        ]}
        actions={(term) => <RowButton label="Edit dates" item={term.name} onClick={() => setEditing(term)} />}
      />
      {editing && <TermDatesDialog term={editing} onClose={() => setEditing(null)} onSaved={(message) => toast.success(message)} />}
    </Page>
  );
}
