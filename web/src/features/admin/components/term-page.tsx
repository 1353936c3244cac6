import * as z from 'zod/mini';
import { requiredText } from '@shared/schemas/common';
import { Field } from '@web/components/ui/field';
import { Page } from '@web/components/ui/page';
import { FIELD_REQUIRED } from '@web/lib/form';
import { useAllTerms } from '@web/lib/queries';
import { useWrite } from '@web/lib/use-write';
import { AdminForm, useAddForm } from './admin-form';
import { AdminList } from './admin-list';
import { useListing } from './use-listing';

const STATUS_OPTIONS = [
  { value: 'inactive', label: 'inactive' },
  { value: 'active', label: 'active' },
];

/** The term body from the form (status 'active' → true), with the form's own message under each empty field. */
const termForm = z.object({
  name: requiredText(FIELD_REQUIRED),
  status: z.pipe(
    z.enum(['inactive', 'active'], { error: FIELD_REQUIRED }),
    z.transform((status) => status === 'active'),
  ),
});

/** Term (docs/product.md §2.5): name, status (inactive/active), Add Term, Get Terms; the list shows name and True/False. */
export function TermPage() {
  const listing = useListing<true>();
  const form = useAddForm({ name: '', status: '' }, { done: 'Term added successfully', added: () => listing.show(true) });
  const terms = useAllTerms();
  const write = useWrite();
  const add = form.handleAdd(termForm, (term) => write('POST /term', { body: term }));

  return (
    <Page title="Term" lead={<p className="admin-lead">Add a term, or list every term and whether it is active.</p>}>
      <AdminForm label="Term" addLabel="Add Term" getLabel="Get Terms" onAdd={add} onGet={() => listing.get(true, terms)} busy={form.busy}>
        <Field label="Name" autoComplete="off" {...form.field('name')} />
        <Field label="Status" options={STATUS_OPTIONS} placeholder="Select status" {...form.field('status')} />
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
        ]}
      />
    </Page>
  );
}
