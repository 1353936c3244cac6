import { useState } from 'react';
import { inDateOrder } from '@shared/holidays';
import { HOLIDAY_MESSAGES, type Holiday, type Term } from '@shared/schemas/structure';
import { isCalendarDate } from '@shared/dates';
import { Dialog, DialogEnd } from '@web/components/ui/dialog';
import { Field } from '@web/components/ui/field';
import { errorMessage } from '@web/lib/api-client';
import { useWrite } from '@web/lib/use-write';
import { formatDay, termDatesText } from './term-dates';

interface TermHolidaysDialogProps {
  term: Term;
  onClose: () => void;
  onSaved: (message: string) => void;
}

/** What is wrong with a holiday about to be added to the list, or null. */
function newHolidayProblem(
  term: Term,
  list: readonly Holiday[],
  date: string,
  name: string,
): { field: 'date' | 'name'; message: string } | null {
  if (!isCalendarDate(date)) return { field: 'date', message: HOLIDAY_MESSAGES.date };
  if (list.some((holiday) => holiday.date === date)) return { field: 'date', message: HOLIDAY_MESSAGES.twice };
  if ((term.startDate && date < term.startDate) || (term.endDate && date > term.endDate)) {
    return { field: 'date', message: `A holiday must be a day of the term (${termDatesText(term)})` };
  }
  if (!name.trim()) return { field: 'name', message: HOLIDAY_MESSAGES.name };
  return null;
}

/**
 * 'Holidays of <term>' (docs/product.md §3): the term's holidays (date and name), Remove per row, a
 * new one added with its date and name, and Save, which sends the whole list (PATCH term/{id}
 * `{ holidays }`). A list another admin changed meanwhile is refused (409) and said here.
 */
export function TermHolidaysDialog({ term, onClose, onSaved }: TermHolidaysDialogProps) {
  const [list, setList] = useState<Holiday[]>(inDateOrder(term.holidays ?? []));
  const [date, setDate] = useState('');
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<{ field: 'date' | 'name'; message: string } | null>(null);
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const write = useWrite();

  function add() {
    const found = newHolidayProblem(term, list, date, name);
    setProblem(found);
    if (found) return;
    setList(inDateOrder([...list, { date, name: name.trim() }]));
    setDate('');
    setName('');
  }

  async function save() {
    setFailure('');
    setBusy(true);
    try {
      const answer = await write('PATCH /term/{id}', { params: { id: term._id }, body: { holidays: list } });
      onClose();
      onSaved(answer.message || `Term ${term.name} updated`);
    } catch (error) {
      setFailure(errorMessage(error));
      setBusy(false);
    }
  }

  return (
    <Dialog title={`Holidays of ${term.name}`} onClose={onClose} busy={busy}>
      <div className="admin-form">
        <p>Days of the term with no classes: Today, Not marked and the alerts skip them. The term: {termDatesText(term)}.</p>
        {list.length ? (
          <table className="admin-table" aria-label={`Holidays of ${term.name}`}>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Name</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((holiday) => (
                <tr key={holiday.date}>
                  <td>{formatDay(holiday.date)}</td>
                  <td>{holiday.name}</td>
                  <td>
                    <button
                      type="button"
                      className="button button-secondary admin-row-button"
                      aria-label={`Remove ${holiday.name} (${formatDay(holiday.date)})`}
                      onClick={() => setList(list.filter((other) => other.date !== holiday.date))}
                    >
                      Remove
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p>No holidays.</p>
        )}
        <form
          className="admin-fields"
          aria-label="Add a holiday"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            add();
          }}
        >
          <Field
            label="Holiday date"
            type="date"
            min={term.startDate ?? undefined}
            max={term.endDate ?? undefined}
            value={date}
            error={problem?.field === 'date' ? problem.message : undefined}
            onChange={(event) => setDate(event.target.value)}
          />
          <Field
            label="Holiday name"
            autoComplete="off"
            value={name}
            error={problem?.field === 'name' ? problem.message : undefined}
            onChange={(event) => setName(event.target.value)}
          />
          <div className="admin-actions">
            <button type="submit" className="button button-secondary">
              Add holiday
            </button>
          </div>
        </form>
        <DialogEnd failure={failure} onCancel={onClose} submitLabel="Save holidays" onSubmit={() => void save()} busy={busy} />
      </div>
    </Dialog>
  );
}
