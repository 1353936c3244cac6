import { useState } from 'react';
import type { PasswordReset, PublicUser } from '@shared/schemas/auth';
import { ConfirmDialog, Dialog } from '@web/components/ui/dialog';
import { errorMessage } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { useWrite } from '@web/lib/use-write';
import './admin.css';

/**
 * Emails the user a link to set a new password themselves (once, within 24 hours, or 72 for one who never
 * signed in; their current password keeps working until then): in Reset password, and after a welcome
 * email that could not be sent.
 */
export function EmailLinkButton({ user, label, onSent }: { user: PublicUser; label: string; onSent: () => void }) {
  const write = useWrite();
  const [busy, setBusy] = useState(false);
  async function send() {
    setBusy(true);
    try {
      const answer = await write('POST /user/{id}/set-password-link', { params: { id: user._id } });
      toast.success(answer.message);
      onSent();
    } catch (failure) {
      toast.error(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }
  return (
    <button
      type="button"
      className="button button-secondary"
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      onClick={() => !busy && void send()}
    >
      {label}
    </button>
  );
}

/**
 * Reset password (docs/product.md §2.5): asks first, then shows the one-time password once. The
 * user is signed out everywhere and must choose their own password when they next sign in. Or,
 * instead, emails them a link to set a new one (EmailLinkButton).
 */
export function ResetPasswordDialog({ user, onClose }: { user: PublicUser; onClose: () => void }) {
  const write = useWrite();
  const [busy, setBusy] = useState(false);
  const [reset, setReset] = useState<PasswordReset | null>(null);

  async function onConfirm() {
    setBusy(true);
    try {
      const answer = await write('POST /user/{id}/reset-password', { params: { id: user._id } });
      setReset(answer.data);
    } catch (failure) {
      onClose();
      toast.error(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  if (!reset) {
    return (
      <ConfirmDialog
        title="Reset password"
        message={
          <>
            Reset the password of <strong>{`${user.username} (${user.email})`}</strong>? They are signed out everywhere and must choose a
            new password when they next sign in.
          </>
        }
        details={
          <>
            <p>Or email them a link to choose a new password themselves; their password keeps working until they do.</p>
            <EmailLinkButton user={user} label="Email a set-password link" onSent={onClose} />
          </>
        }
        confirmLabel="Reset password"
        onConfirm={() => void onConfirm()}
        onCancel={onClose}
        busy={busy}
      />
    );
  }
  return (
    <Dialog title="One-time password" onClose={onClose} size="small">
      <div className="dialog-message">
        <p>
          Give this one-time password to <strong>{user.username}</strong>. It is shown only now and signs in once, within 24 hours; they
          choose their own when they sign in with it.
        </p>
        <p className="one-time-password" aria-label="One-time password">
          <code>{reset.oneTimePassword}</code>
        </p>
      </div>
      <div className="dialog-actions">
        <button
          type="button"
          className="button button-secondary"
          onClick={() =>
            void navigator.clipboard?.writeText(reset.oneTimePassword).then(
              () => toast.success('One-time password copied'),
              () => toast.error('Could not copy; please write it down'),
            )
          }
        >
          Copy
        </button>
        <button type="button" className="button" onClick={onClose}>
          Done
        </button>
      </div>
    </Dialog>
  );
}
