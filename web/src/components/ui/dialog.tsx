import { useEffectEvent, useId, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import './dialog.css';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled])';

export interface DialogProps {
  /** The heading; the dialog is labelled by it. */
  title: string;
  /** Escape, the close control, a click on the backdrop, or the caller's own buttons. */
  onClose: () => void;
  children: ReactNode;
  /** What gets focus on open (default: the first control of the content, not the close control). */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Where focus goes on close if it holds an element by then (a deleted row's button is gone); else the opener. */
  returnFocus?: RefObject<HTMLElement | null>;
  /** The id of the text that describes the dialog (its question). */
  describedBy?: string;
  /** While busy, Escape, the close control and the backdrop do not close it. */
  busy?: boolean;
  size?: 'small' | 'normal';
}

/**
 * A modal dialog on the native <dialog>, opened with showModal(): the browser keeps focus inside,
 * makes the rest of the page inert and turns Escape into a cancel. Render it to open it
 * (`{open && <Dialog …/>}`), unmount it to close; focus then returns to the element that opened it.
 */
/** On <body> while a dialog is open (dialog.css keeps the page behind it still). */
const DIALOG_OPEN = 'dialog-open';

export function Dialog({ title, onClose, children, initialFocus, returnFocus, describedBy, busy = false, size = 'normal' }: DialogProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  // The browser may close it on its own (a second Escape without a click between): the caller follows.
  const closedByBrowser = useEffectEvent(() => onClose());
  // Read when it closes: by then a deleted row's button is gone, and returnFocus may name the list's heading.
  const focusBack = useEffectEvent((opener: HTMLElement | null) => {
    const back = [returnFocus?.current, opener].find((element) => element?.isConnected);
    (back ?? document.querySelector<HTMLElement>('#main h1'))?.focus();
  });

  useLayoutEffect(() => {
    const dialog = dialogRef.current!;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    document.body.classList.add(DIALOG_OPEN);
    (initialFocus?.current ?? bodyRef.current!.querySelector<HTMLElement>(FOCUSABLE) ?? dialog).focus();
    dialog.addEventListener('close', closedByBrowser);
    return () => {
      dialog.removeEventListener('close', closedByBrowser);
      dialog.close();
      if (!document.querySelector('dialog[open]')) document.body.classList.remove(DIALOG_OPEN);
      focusBack(opener);
    };
  }, [initialFocus]);

  const requestClose = () => {
    if (!busy) onClose();
  };

  return (
    <dialog
      ref={dialogRef}
      className={`dialog dialog-${size}`}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      aria-modal="true"
      aria-busy={busy || undefined}
      onCancel={(event) => {
        event.preventDefault();
        requestClose();
      }}
      onKeyDown={(event) => {
        // While busy, a cancelled Escape must not turn into a forced close on the next press.
        if (event.key === 'Escape' && busy) event.preventDefault();
      }}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) requestClose();
      }}
    >
      <div className="dialog-header">
        <h2 id={titleId} className="dialog-title">
          {title}
        </h2>
        <button type="button" className="dialog-close" aria-label="Close" aria-disabled={busy || undefined} onClick={requestClose}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <div ref={bodyRef} className="dialog-body">
        {children}
      </div>
    </dialog>
  );
}

export interface ConfirmDialogProps {
  /** docs/product.md §2.5: every delete asks 'Are you sure ?'. */
  title?: string;
  /** The question, e.g. 'Delete Semester 3?'. */
  message: ReactNode;
  /** More about what happens (what goes with the item). */
  details?: ReactNode;
  confirmLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** The action is running: both buttons wait. */
  busy?: boolean;
  /** The confirm button waits (e.g. until the details have loaded). */
  confirmDisabled?: boolean;
  returnFocus?: RefObject<HTMLElement | null>;
}

/** A confirmation: the question, optional details, Cancel (focused first: the safe choice) and the action. */
export function ConfirmDialog({
  title = 'Are you sure ?',
  message,
  details,
  confirmLabel = 'Delete',
  onConfirm,
  onCancel,
  busy = false,
  confirmDisabled = false,
  returnFocus,
}: ConfirmDialogProps) {
  const cancel = useRef<HTMLButtonElement>(null);
  const messageId = useId();
  return (
    <Dialog
      title={title}
      onClose={onCancel}
      initialFocus={cancel}
      returnFocus={returnFocus}
      describedBy={messageId}
      busy={busy}
      size="small"
    >
      <div className="dialog-message">
        <p id={messageId}>{message}</p>
        {details}
      </div>
      <div className="dialog-actions">
        {/* aria-disabled while busy, not disabled: a focused button keeps its focus. */}
        <button
          ref={cancel}
          type="button"
          className="button button-secondary"
          aria-disabled={busy || undefined}
          onClick={() => !busy && onCancel()}
        >
          Cancel
        </button>
        <button
          type="button"
          className="button button-danger"
          disabled={confirmDisabled}
          aria-disabled={busy || undefined}
          aria-busy={busy || undefined}
          onClick={() => !busy && onConfirm()}
        >
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}

export interface DialogEndProps {
  /** The server's refusal, shown above the buttons. */
  failure: string | null;
  onCancel: () => void;
  /** The action's button: submits the dialog's form, or runs `onSubmit` when the dialog has no form of its own. */
  submitLabel: string;
  onSubmit?: () => void;
  busy: boolean;
  /** Buttons before Cancel ('Clear both'). */
  children?: ReactNode;
}

/** A dialog's last lines: its refusal, then Cancel and its action (docs/product.md §2.5). */
export function DialogEnd({ failure, onCancel, submitLabel, onSubmit, busy, children }: DialogEndProps) {
  return (
    <>
      {failure && (
        <p className="form-field-error" role="alert">
          {failure}
        </p>
      )}
      <div className="dialog-actions">
        {children}
        <button type="button" className="button button-secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type={onSubmit ? 'button' : 'submit'} className="button" aria-busy={busy || undefined} onClick={onSubmit}>
          {submitLabel}
        </button>
      </div>
    </>
  );
}
