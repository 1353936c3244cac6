import { useRef, useState, type FormEvent } from 'react';
import { termSchema } from '@shared/schemas/structure';
import { SelectField, TextField } from '@web/components/ui/field';
import { Page } from '@web/components/ui/page';
import { errorMessage } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { useAllTerms, useCreateTerm } from '../api/structure';
import { firstErrors, focusFirstError } from '../validation';
import { AdminList } from './admin-list';
import './admin.css';

type Field = 'name' | 'status';
const STATUS_OPTIONS = [
  { value: 'inactive', label: 'inactive' },
  { value: 'active', label: 'active' },
];

/** Term (docs/product.md §2.5): name, status (inactive/active), Add Term, Get Terms; the list shows name and True/False. */
export function TermPage() {
  const [name, setName] = useState('');
  const [status, setStatus] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  const [listed, setListed] = useState(false);
  const [reveal, setReveal] = useState(0);
  const action = useRef<'add' | 'get'>('add');
  const terms = useAllTerms();
  const createTerm = useCreateTerm();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (action.current === 'get') {
      setListed(true);
      setReveal((count) => count + 1);
      void terms.mutate();
      return;
    }
    if (busy) return;
    const parsed = termSchema.safeParse({ name, status: status === '' ? undefined : status === 'active' });
    if (!parsed.success) {
      const next = firstErrors<Field>(parsed.error, 'name');
      setErrors(next);
      focusFirstError(next, [
        ['name', 'term-name'],
        ['status', 'term-status'],
      ]);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const answer = await createTerm(parsed.data);
      toast.success(answer.message || 'Term added successfully');
      setName('');
      setStatus('');
      setListed(true);
    } catch (failure) {
      toast.error(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Page title="Term" lead={<p className="admin-lead">Add a term, or list every term and whether it is active.</p>}>
      <form className="card admin-form" onSubmit={onSubmit} noValidate aria-label="Term">
        <div className="admin-fields">
          <TextField
            id="term-name"
            name="name"
            label="Name"
            autoComplete="off"
            value={name}
            error={errors.name}
            onChange={(event) => {
              setName(event.target.value);
              setErrors((previous) => ({ ...previous, name: undefined }));
            }}
          />
          <SelectField
            id="term-status"
            name="status"
            label="Status"
            value={status}
            options={STATUS_OPTIONS}
            placeholder="Select status"
            error={errors.status}
            onChange={(event) => {
              setStatus(event.target.value);
              setErrors((previous) => ({ ...previous, status: undefined }));
            }}
          />
        </div>
        <div className="admin-actions">
          <button type="submit" className="button" onClick={() => (action.current = 'add')} aria-busy={busy || undefined}>
            Add Term
          </button>
          <button type="submit" className="button button-secondary" onClick={() => (action.current = 'get')}>
            Get Terms
          </button>
        </div>
      </form>
      {listed && (
        <AdminList
          title="Terms"
          revealKey={reveal}
          rows={terms.data}
          error={terms.error}
          isLoading={terms.isLoading}
          empty="No term found"
          onRetry={() => void terms.mutate()}
          columns={[
            { header: 'Name', cell: (term) => term.name },
            {
              header: 'Status',
              cell: (term) => <span className={term.status ? 'status-true' : 'status-false'}>{term.status ? 'True' : 'False'}</span>,
            },
          ]}
        />
      )}
    </Page>
  );
}
