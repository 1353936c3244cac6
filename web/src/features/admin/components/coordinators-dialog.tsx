import { useState, type FormEvent } from 'react';
import type { ApiData } from '@shared/api-contract';
import { COORDINATOR_MESSAGES } from '@shared/schemas/structure';
import { Dialog, DialogEnd } from '@web/components/ui/dialog';
import { errorMessage } from '@web/lib/api-client';
import { useWrite } from '@web/lib/use-write';

type User = ApiData<'GET /user'>[number];

/** Who may coordinate a division's leave: faculty members and admins. */
export const mayCoordinate = (user: User): boolean => user.role === 'faculty' || user.role === 'admin';

/** The coordinators' names, as the Division list shows them ('None' when there are none). */
export function coordinatorNames(ids: readonly string[] | undefined, users: readonly User[] | undefined): string {
  if (!ids?.length) return 'None';
  if (!users) return `${ids.length} chosen`;
  return ids.map((id) => users.find((user) => user._id === id)?.username ?? 'A removed user').join(', ');
}

interface CoordinatorsDialogProps {
  division: { _id: string; name: string; coordinators?: string[] };
  users: readonly User[];
  onClose: () => void;
  onSaved: (message: string) => void;
}

/**
 * 'Coordinators of <division>' (docs/product.md §2.17): the faculty members and admins who decide the leave
 * applications of its students, ticked from every such user; Save sends the whole choice.
 */
export function CoordinatorsDialog({ division, users, onClose, onSaved }: CoordinatorsDialogProps) {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set(division.coordinators ?? []));
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const write = useWrite();
  const title = `Coordinators of ${division.name}`;
  const eligible = users.filter(mayCoordinate);

  const toggle = (id: string) =>
    setChosen((previous) => {
      const next = new Set(previous);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  async function save(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setFailure('');
    try {
      // In the list's order: the same choice always reads the same.
      const coordinators = eligible.filter((user) => chosen.has(user._id)).map((user) => user._id);
      const answer = await write('PATCH /division/{id}/coordinators', { params: { id: division._id }, body: { coordinators } });
      onClose();
      onSaved(answer.message || COORDINATOR_MESSAGES.saved);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog title={title} onClose={onClose} busy={busy}>
      <form className="admin-form" onSubmit={(event) => void save(event)} noValidate aria-label={title}>
        <fieldset className="admin-fieldset">
          <legend>They decide the leave applications of its students</legend>
          {eligible.length === 0 ? (
            <p>No faculty members yet: add them on the Add User screen.</p>
          ) : (
            <ul className="coordinator-list">
              {eligible.map((user) => (
                <li key={user._id}>
                  <label className="coordinator-choice">
                    <input type="checkbox" checked={chosen.has(user._id)} onChange={() => toggle(user._id)} />
                    {user.username} ({user.role === 'admin' ? 'admin' : 'faculty'}, {user.email})
                  </label>
                </li>
              ))}
            </ul>
          )}
        </fieldset>
        <DialogEnd failure={failure} onCancel={onClose} submitLabel="Save" busy={busy} />
      </form>
    </Dialog>
  );
}
