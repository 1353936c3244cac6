import { useState } from 'react';
import * as z from 'zod/mini';
import { requiredText } from '@shared/schemas/common';
import { termRenameSchema, type Term } from '@shared/schemas/structure';
import { Field } from '@web/components/ui/field';
import { Page } from '@web/components/ui/page';
import { errorMessage } from '@web/lib/api-client';
import { FIELD_REQUIRED } from '@web/lib/form';
import { useAllTerms } from '@web/lib/queries';
import { toast } from '@web/lib/toast';
import { useWrite } from '@web/lib/use-write';
import { AdminForm, useAddForm } from './admin-form';
import { AdminList, RowButton } from './admin-list';
import { RenameDialog } from './rename-dialog';
import { TermActivationDialog } from './term-activation-dialog';
import { formatDay, TermDateFields, TermDatesDialog, termDateFields, termDatesOrdered, termDatesText } from './term-dates';
import { TermHolidaysDialog } from './term-holidays-dialog';
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

type Opened = { dialog: 'rename' | 'dates' | 'holidays' | 'activate'; term: Term };

/** The Status cell: True or False, and a planned switch ('False · active from 1 Jun 2027'). */
function StatusCell({ term }: { term: Term }) {
  return (
    <>
      <span className={term.status ? 'status-true' : 'status-false'}>{term.status ? 'True' : 'False'}</span>
      {term.activeFrom && <span className="term-planned">{` · active from ${formatDay(term.activeFrom)}`}</span>}
    </>
  );
}

/**
 * Term (docs/product.md §2.5): name, status (inactive/active), optional first and last day, Add Term, Get Terms;
 * on each row Rename, Edit dates, Holidays, and (an inactive term) Make active…, which asks first and may plan the
 * switch for a later day; a planned switch shows on its row with Cancel switch.
 */
export function TermPage() {
  // Every term, listed on arrival.
  const listing = useListing<true>(true);
  const form = useAddForm(
    { name: '', status: '', startDate: '', endDate: '' },
    { done: 'Term added successfully', added: () => listing.show(true) },
  );
  const terms = useAllTerms();
  const write = useWrite();
  const [opened, setOpened] = useState<Opened | null>(null);
  const close = () => setOpened(null);
  const add = form.handleAdd(
    termForm,
    (term) => write('POST /term', { body: term }),
    (values) => ({ ...values, startDate: dayOrNone(values.startDate), endDate: dayOrNone(values.endDate) }),
  );

  async function cancelSwitch(term: Term) {
    try {
      const answer = await write('POST /term/{id}/activate', { params: { id: term._id }, body: { from: null } });
      toast.success(answer.message || `The switch to ${term.name} is cancelled`);
    } catch (failure) {
      toast.error(errorMessage(failure));
    }
  }

  return (
    <Page
      title="Term"
      lead={
        <p className="admin-lead">
          Add a term, list every term and whether it is active, rename it, set its dates and holidays, and make a term the active one.
        </p>
      }
    >
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
          { header: 'Status', cell: (term) => <StatusCell term={term} /> },
          { header: 'Dates', cell: termDatesText },
        ]}
        actions={(term) => (
          <>
            <RowButton label="Rename" item={term.name} onClick={() => setOpened({ dialog: 'rename', term })} />
            <RowButton label="Edit dates" item={term.name} onClick={() => setOpened({ dialog: 'dates', term })} />
            <RowButton label="Holidays" item={term.name} onClick={() => setOpened({ dialog: 'holidays', term })} />
            {!term.status && <RowButton label="Make active…" item={term.name} onClick={() => setOpened({ dialog: 'activate', term })} />}
            {term.activeFrom && <RowButton label="Cancel switch" item={term.name} onClick={() => void cancelSwitch(term)} />}
          </>
        )}
      />
      {opened?.dialog === 'rename' && (
        <RenameDialog
          label="Term"
          item={opened.term}
          schema={termRenameSchema}
          rename={(id, name) => write('PATCH /term/{id}', { params: { id }, body: { name } })}
          onClose={close}
          onSaved={(message) => toast.success(message)}
        />
      )}
      {opened?.dialog === 'dates' && <TermDatesDialog term={opened.term} onClose={close} onSaved={(message) => toast.success(message)} />}
      {opened?.dialog === 'holidays' && (
        <TermHolidaysDialog term={opened.term} onClose={close} onSaved={(message) => toast.success(message)} />
      )}
      {opened?.dialog === 'activate' && (
        <TermActivationDialog term={opened.term} terms={terms.data ?? []} onClose={close} onDone={(message) => toast.success(message)} />
      )}
    </Page>
  );
}
