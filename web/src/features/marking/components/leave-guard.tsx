import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '@web/components/ui/dialog';
import { guardPops } from '@web/lib/pop-guard';

/** Where the teacher was going: an in-app link's path, or Back/Forward. */
type Leaving = { to: string } | 'history';

export const LEAVE_TITLE = 'Leave this class?';
export const LEAVE_MESSAGE =
  'This class is not marked yet. Your changes stay on this device: come back to this class to finish, or use Discard changes.';

/** A plain left click on a link of this app, one the router would follow: its path, else null. */
function inAppLink(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== '_self') || link.hasAttribute('download')) return null;
  const url = new URL(link.href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  return url.pathname + url.search + url.hash;
}

/**
 * While `dirty` (the marking form has changes not marked), leaving asks first (docs/product.md §2.4):
 * a link of the app (the menu, Home) and Back or Forward open a confirmation; closing or reloading the
 * tab gets the browser's own warning. Returns the confirmation to render.
 */
export function useLeaveGuard(dirty: boolean) {
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState<Leaving | null>(null);
  // Set once the teacher chose to leave: the navigation that follows goes through.
  const released = useRef(false);

  useEffect(() => {
    if (!dirty) return;
    released.current = false;
    const onUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the warning only for a returnValue set.
      event.returnValue = '';
    };
    const onClick = (event: MouseEvent) => {
      const to = released.current ? null : inAppLink(event);
      if (to === null) return;
      // Before the router's own handler (React's, on the root): the link is not followed.
      event.preventDefault();
      event.stopPropagation();
      setLeaving({ to });
    };
    // The entry of this page, put back when Back or Forward is held (the browser has already moved).
    const here = { state: window.history.state as unknown, url: window.location.href };
    const unguard = guardPops(() => {
      if (released.current) return true;
      window.history.pushState(here.state, '', here.url);
      setLeaving('history');
      return false;
    });
    window.addEventListener('beforeunload', onUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      unguard();
      window.removeEventListener('beforeunload', onUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [dirty]);

  function leave() {
    const going = leaving;
    released.current = true;
    setLeaving(null);
    // Back or Forward: the entry they reached sits just before the one put back.
    if (going === 'history') window.history.back();
    else if (going) void navigate(going.to);
  }

  return leaving ? (
    <ConfirmDialog title={LEAVE_TITLE} message={LEAVE_MESSAGE} confirmLabel="Leave" onConfirm={leave} onCancel={() => setLeaving(null)} />
  ) : null;
}
