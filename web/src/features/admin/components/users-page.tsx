import { useRef, useState, type FormEvent } from 'react';
import { ROLES } from '@shared/constants';
import { registerSchema, type RegisterInput } from '@shared/schemas/auth';
import { SelectField, TextField } from '@web/components/ui/field';
import { Page } from '@web/components/ui/page';
import { errorMessage } from '@web/lib/api-client';
import { useSession } from '@web/lib/session';
import { toast } from '@web/lib/toast';
import { useCreateUser, useDeleteUser, useUsers } from '../api/users';
import { firstErrors, focusFirstError } from '../validation';
import { AdminList, RowButton } from './admin-list';
import { DeleteDialog, type DeleteTarget } from './delete-dialog';
import './admin.css';

type Field = keyof RegisterInput;
const EMPTY = { username: '', email: '', password: '', role: '' };
const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: role }));
const IDS: Record<Field, string> = { username: 'user-username', email: 'user-email', password: 'user-password', role: 'user-role' };

/**
 * Add user (docs/product.md §2.5): username, email, password, user type (admin/faculty), Add User, Get Users;
 * the list shows Name, Email and Role with Delete, without the signed-in admin.
 */
export function UsersPage() {
  const session = useSession();
  const me = session.user;
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  const [listed, setListed] = useState(false);
  const [reveal, setReveal] = useState(0);
  const [target, setTarget] = useState<DeleteTarget | null>(null);
  const action = useRef<'add' | 'get'>('add');
  const heading = useRef<HTMLHeadingElement>(null);
  const users = useUsers(listed);
  const createUser = useCreateUser();
  const deleteUser = useDeleteUser();
  // The signed-in admin cannot delete their own account (the server answers 400), so they are not listed.
  const others = users.data?.filter((user) => user._id !== me?._id);

  const update = (field: Field) => (value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setErrors((previous) => ({ ...previous, [field]: undefined }));
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (action.current === 'get') {
      setListed(true);
      setReveal((count) => count + 1);
      void users.mutate();
      return;
    }
    if (busy) return;
    const parsed = registerSchema.safeParse({ ...values, role: values.role || undefined });
    if (!parsed.success) {
      const next = firstErrors<Field>(parsed.error, 'username');
      setErrors(next);
      focusFirstError(next, [
        ['username', IDS.username],
        ['email', IDS.email],
        ['password', IDS.password],
        ['role', IDS.role],
      ]);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const answer = await createUser(parsed.data);
      toast.success(answer.message || 'User created successfully');
      setValues(EMPTY);
      setListed(true);
    } catch (failure) {
      toast.error(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Page title="Add User" lead={<p className="admin-lead">Add an admin or a faculty member, or list and delete users.</p>}>
      <form className="card admin-form" onSubmit={onSubmit} noValidate aria-label="Add user">
        <div className="admin-fields">
          <TextField
            id={IDS.username}
            name="username"
            label="Username"
            autoComplete="off"
            value={values.username}
            error={errors.username}
            onChange={(event) => update('username')(event.target.value)}
          />
          <TextField
            id={IDS.email}
            name="email"
            type="email"
            inputMode="email"
            label="Email"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            value={values.email}
            error={errors.email}
            onChange={(event) => update('email')(event.target.value)}
          />
          <TextField
            id={IDS.password}
            name="password"
            type="password"
            label="Password"
            autoComplete="new-password"
            hint="At least 8 characters"
            value={values.password}
            error={errors.password}
            onChange={(event) => update('password')(event.target.value)}
          />
          <SelectField
            id={IDS.role}
            name="role"
            label="User type"
            value={values.role}
            options={ROLE_OPTIONS}
            placeholder="Select user type"
            error={errors.role}
            onChange={(event) => update('role')(event.target.value)}
          />
        </div>
        <div className="admin-actions">
          <button type="submit" className="button" onClick={() => (action.current = 'add')} aria-busy={busy || undefined}>
            Add User
          </button>
          <button type="submit" className="button button-secondary" onClick={() => (action.current = 'get')}>
            Get Users
          </button>
        </div>
      </form>
      {listed && (
        <AdminList
          title="Users"
          revealKey={reveal}
          headingRef={heading}
          rows={others}
          error={users.error}
          isLoading={users.isLoading}
          empty="No users found"
          onRetry={() => void users.mutate()}
          columns={[
            { header: 'Name', cell: (user) => user.username },
            { header: 'Email', cell: (user) => user.email },
            { header: 'Role', cell: (user) => user.role },
          ]}
          actions={(user) => (
            <RowButton
              label="Delete"
              item={user.email}
              kind="danger"
              onClick={() => setTarget({ id: user._id, name: `${user.username} (${user.email})` })}
            />
          )}
        />
      )}
      {target && (
        <DeleteDialog
          target={target}
          remove={deleteUser}
          successMessage="User Deleted Successfully"
          afterDelete={heading}
          onClose={() => setTarget(null)}
        />
      )}
    </Page>
  );
}
