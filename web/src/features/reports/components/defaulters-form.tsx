import type { ChangeEvent } from 'react';
import type { Term } from '@shared/schemas/structure';
import { Field, type SelectOption } from '@web/components/ui/field';
import type { ApiError } from '@web/lib/api-client';
import { useForm } from '@web/lib/form';
import { useBatches, useDivisions, useSemesters } from '@web/lib/queries';
import { listFormSchema, listInput, type ListValues, type ValidList } from '../list-query';
import { formatThreshold } from '../standing';

interface Named {
  _id: string;
  name: string;
}

/** The choice kept while its list offers it, else none: the form never shows a value its list does not have. */
const keepOrNone = (chosen: string, items: readonly Named[] | undefined): string =>
  items?.some((item) => item._id === chosen) ? chosen : '';

/** A select's options after its empty choice ('Choose a semester', 'All divisions'). */
const withEmpty = (label: string, items: readonly Named[] | undefined): SelectOption[] => [
  { value: '', label },
  ...(items ?? []).map((item) => ({ value: item._id, label: item.name })),
];

/** A list's state as a hint under its select: a failed load, loading, or the docs/product.md §8 empty message. */
function listHint(list: { data?: unknown[]; error?: ApiError; isLoading: boolean }, empty: string): string | undefined {
  if (list.error) return list.error.message;
  if (list.isLoading) return 'Loading…';
  if (list.data?.length === 0) return empty;
  return undefined;
}

interface DefaultersFormProps {
  term: Term;
  initial: ListValues;
  /** The college's threshold (GET settings), when known: the hint names it. */
  collegeThreshold?: number;
  onQuery: (query: ValidList) => void;
}

/**
 * The defaulter list's form (docs/product.md §2.12): a semester of the current term, optionally one of its
 * divisions and then one of that division's batches, and the threshold (the college's to start with).
 * Checked by the API's own query schema; Show list puts the list in the address.
 */
export function DefaultersForm({ term, initial, collegeThreshold, onQuery }: DefaultersFormProps) {
  const form = useForm(initial);
  const semesters = useSemesters(term._id);
  const semid = keepOrNone(form.values.semid, semesters.data);
  const divisions = useDivisions(semid || undefined);
  const divisionid = keepOrNone(form.values.divisionid, divisions.data);
  const batches = useBatches(divisionid || undefined);
  const values: ListValues = { ...form.values, semid, divisionid, batchid: keepOrNone(form.values.batchid, batches.data) };

  // A new semester starts over with every division; a new division with every batch.
  const below: Partial<Record<keyof ListValues, Partial<ListValues>>> = {
    semid: { divisionid: '', batchid: '' },
    divisionid: { batchid: '' },
  };
  const field = (name: keyof ListValues) => ({
    name,
    value: values[name],
    error: form.errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
      form.setValues({ ...values, [name]: event.target.value, ...below[name] });
      form.clearErrors(name);
    },
  });

  const college = collegeThreshold === undefined ? "the college's" : `the college's, ${formatThreshold(collegeThreshold)}`;
  return (
    <form
      className="card reports-form"
      aria-label="Defaulter list"
      noValidate
      onSubmit={form.handle(listFormSchema, onQuery, () => listInput(values))}
    >
      <div className="reports-fields">
        <Field
          label="Semester"
          required
          hint={listHint(semesters, 'No semester found')}
          options={withEmpty('Choose a semester', semesters.data)}
          {...field('semid')}
        />
        <Field
          label="Division (optional)"
          hint={semid ? listHint(divisions, 'No division found') : undefined}
          options={withEmpty('All divisions', semid ? divisions.data : [])}
          {...field('divisionid')}
        />
        <Field
          label="Batch (optional)"
          hint={divisionid ? listHint(batches, 'No batches found') : 'Choose a division to list one of its batches.'}
          options={withEmpty('All batches', divisionid ? batches.data : [])}
          disabled={!divisionid}
          {...field('batchid')}
        />
        <Field
          label="Threshold (%)"
          inputMode="decimal"
          autoComplete="off"
          hint={`Students under it are highlighted. Empty: ${college}.`}
          {...field('threshold')}
        />
        <div className="reports-actions">
          <button type="submit" className="button">
            Show list
          </button>
        </div>
      </div>
    </form>
  );
}
