import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import './dialog.css';

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(', ');

/** The elements Tab can reach inside `root`, in document order. */
export const focusableIn = (root: HTMLElement): HTMLElement[] => [...root.querySelectorAll<HTMLElement>(FOCUSABLE)];

export interface DialogProps {
  /** The heading; the dialog is labelled by it. */
  title: string;
  /** Escape, the close control, a click on the backdrop, or the caller's own buttons. */
  onClose: () => void;
  children: ReactNode;
  /** What gets focus on open (default: the first focusable element of the content, not the close control; else the dialog). */
  initialFocus?: RefObject<HTMLElement | null>;
  /**
   * Where focus goes on close when the opener is gone or should not get it back (a deleted row's
   * button): called at close time; null means the opener.
   */
  finalFocus?: () => HTMLElement | null;
  /** The id of the text that describes the dialog (its question). */
  describedBy?: string;
  /** While busy, Escape, the close control and the backdrop do not close it. */
  busy?: boolean;
  size?: 'small' | 'normal';
}

/**
 * A modal dialog: role="dialog" with aria-modal, labelled by its title. Focus moves inside on open
 * and stays inside (Tab and Shift+Tab wrap, the rest of the page is inert), Escape and the close
 * control close it, and focus returns to the element that opened it. Render it to open it
 * (`{open && <Dialog …/>}`); unmount it to close.
 */
export function Dialog({ title, onClose, children, initialFocus, finalFocus, describedBy, busy = false, size = 'normal' }: DialogProps) {
  const titleId = useId();
  const backdrop = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const body = useRef<HTMLDivElement>(null);
  // The latest props for the effect below, which runs once per opening.
  const latest = useRef({ initialFocus, finalFocus });
  latest.current = { initialFocus, finalFocus };

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const host = backdrop.current!;
    // Everything else on the page is inert while the dialog is open (no focus, no clicks, hidden from
    // assistive technology), so focus cannot leave it and a screen reader stays inside.
    const madeInert: Element[] = [];
    for (const element of [...document.body.children]) {
      if (element === host || element.hasAttribute('inert') || element.tagName === 'SCRIPT') continue;
      element.setAttribute('inert', '');
      madeInert.push(element);
    }
    document.body.classList.add('dialog-open');
    const target = latest.current.initialFocus?.current ?? focusableIn(body.current!)[0] ?? panel.current!;
    target.focus();

    // Focus that lands outside anyway (a browser without inert) is brought back in.
    const keepInside = (event: FocusEvent) => {
      if (panel.current && event.target instanceof Node && !panel.current.contains(event.target)) {
        (focusableIn(panel.current)[0] ?? panel.current).focus();
      }
    };
    document.addEventListener('focusin', keepInside);

    return () => {
      document.removeEventListener('focusin', keepInside);
      for (const element of madeInert) element.removeAttribute('inert');
      document.body.classList.remove('dialog-open');
      const final = latest.current.finalFocus?.();
      const back = final?.isConnected ? final : opener?.isConnected ? opener : document.querySelector<HTMLElement>('#main h1');
      back?.focus();
    };
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      if (!busy) onClose();
      return;
    }
    if (event.key !== 'Tab' || !panel.current) return;
    const items = focusableIn(panel.current);
    const first = items[0];
    const last = items[items.length - 1];
    const active = document.activeElement;
    if (!first || !last) {
      event.preventDefault();
      panel.current.focus();
    } else if (event.shiftKey && (active === first || active === panel.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return createPortal(
    <div
      ref={backdrop}
      className="dialog-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget && !busy) onClose();
      }}
    >
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        aria-busy={busy || undefined}
        className={`dialog dialog-${size}`}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <div className="dialog-header">
          <h2 id={titleId} className="dialog-title">
            {title}
          </h2>
          <button
            type="button"
            className="dialog-close"
            aria-label="Close"
            aria-disabled={busy || undefined}
            onClick={() => {
              if (!busy) onClose();
            }}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <div ref={body} className="dialog-body">
          {children}
        </div>
      </div>
    </div>,
    document.body,
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
  finalFocus?: () => HTMLElement | null;
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
  finalFocus,
}: ConfirmDialogProps) {
  const cancel = useRef<HTMLButtonElement>(null);
  const messageId = useId();
  return (
    <Dialog title={title} onClose={onCancel} initialFocus={cancel} finalFocus={finalFocus} describedBy={messageId} busy={busy} size="small">
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
