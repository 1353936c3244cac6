import type { ChangeEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { LEAVE_STATUSES, type LeaveStatus } from '@shared/schemas/leave';
import { Field } from '@web/components/ui/field';
import { useActiveTerms, useDivisions, useSemesters, useSettings } from '@web/lib/queries';
import type { LeaveFilters } from '../api';
import { STATUS_CHOICES } from '../words';

/*
 * The list's filters are kept in the address (/leave?status&kind&semid&divisionid), so Back from an
 * application shows the same list. No status in the address: the pending ones; 'all': every status.
 */

const ALL = 'all';

export function readFilters(search: URLSearchParams): LeaveFilters {
  const status = search.get('status') ?? 'pending';
  return {
    status: LEAVE_STATUSES.find((one) => one === status),
    kind: search.get('kind') || undefined,
    divisionid: search.get('divisionid') || undefined,
  };
}

const STATUS_OPTIONS = [
  ...LEAVE_STATUSES.map((status: LeaveStatus) => ({ value: status, label: STATUS_CHOICES[status] })),
  { value: ALL, label: 'Any status' },
];

/** Status and kind for everyone; an admin also narrows to one division (of a semester of the current term). */
export function LeaveFiltersForm({ admin }: { admin: boolean }) {
  const [search, setSearch] = useSearchParams();
  const settings = useSettings();
  const term = useActiveTerms(admin).data?.[0];
  const semesters = useSemesters(admin ? term?._id : undefined);
  const semid = search.get('semid') ?? '';
  const divisions = useDivisions(admin && semid ? semid : undefined);

  const set = (changes: Record<string, string>) => {
    const next = new URLSearchParams(search);
    for (const [name, value] of Object.entries(changes)) {
      if (value) next.set(name, value);
      else next.delete(name);
    }
    setSearch(next, { replace: true });
  };

  return (
    <form className="card leave-filters" aria-label="Filters" onSubmit={(event) => event.preventDefault()}>
      <Field
        label="Status"
        name="status"
        options={STATUS_OPTIONS}
        value={search.get('status') ?? 'pending'}
        onChange={(event: ChangeEvent<HTMLSelectElement>) => set({ status: event.target.value })}
      />
      <Field
        label="Kind"
        name="kind"
        options={[
          { value: '', label: 'Every kind' },
          ...(settings.data?.leaveKinds ?? []).map((kind) => ({ value: kind.name, label: kind.name })),
        ]}
        value={search.get('kind') ?? ''}
        onChange={(event: ChangeEvent<HTMLSelectElement>) => set({ kind: event.target.value })}
      />
      {admin && (
        <>
          <Field
            label="Semester"
            name="semid"
            options={[
              { value: '', label: 'Every semester' },
              ...(semesters.data ?? []).map((one) => ({ value: one._id, label: one.name })),
            ]}
            value={semid}
            onChange={(event: ChangeEvent<HTMLSelectElement>) => set({ semid: event.target.value, divisionid: '' })}
          />
          <Field
            label="Division"
            name="divisionid"
            options={[
              { value: '', label: 'Every division' },
              ...(divisions.data ?? []).map((one) => ({ value: one._id, label: one.name })),
            ]}
            value={search.get('divisionid') ?? ''}
            disabled={!semid}
            onChange={(event: ChangeEvent<HTMLSelectElement>) => set({ divisionid: event.target.value })}
          />
        </>
      )}
    </form>
  );
}
