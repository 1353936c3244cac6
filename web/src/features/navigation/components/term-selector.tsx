import { useState, type ChangeEvent } from 'react';
import { errorMessage } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { useAllTerms } from '@web/lib/queries';
import { useSwitchTerm } from '../api/navigation';
import './term-selector.css';

/** The admin's term selector: all terms, the first active one selected; choosing one makes it the active term. */
export function TermSelector() {
  const { data: terms, error, isLoading } = useAllTerms();
  const switchTerm = useSwitchTerm();
  const [busy, setBusy] = useState(false);
  const active = terms?.find((term) => term.status);

  async function onChange(event: ChangeEvent<HTMLSelectElement>) {
    const chosen = event.target.value;
    if (!terms || !chosen || chosen === active?._id) return;
    setBusy(true);
    try {
      const term = await switchTerm(terms, chosen);
      toast.success(`${term.name} is now the active term`);
    } catch (failure) {
      toast.error(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="term-selector">
      <label htmlFor="term-selector">Active term</label>
      <select
        id="term-selector"
        name="term"
        value={active?._id ?? ''}
        onChange={onChange}
        disabled={busy || isLoading || !!error || !terms?.length}
        aria-busy={busy || isLoading}
      >
        {!active && <option value="">{error ? 'Could not load terms' : terms && !terms.length ? 'No term found' : 'Select a term'}</option>}
        {terms?.map((term) => (
          <option key={term._id} value={term._id}>
            {term.name}
          </option>
        ))}
      </select>
    </div>
  );
}
