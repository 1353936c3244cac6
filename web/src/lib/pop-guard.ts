/*
 * Back and Forward on a page that must ask before it is left (the marking form with changes, docs/product.md
 * §2.4). The window's history (web/src/app/window-history.ts) asks the guard before it routes a Back or
 * Forward; a guard that answers false has kept the page, and put its URL back itself.
 */

type PopGuard = () => boolean;

let current: PopGuard | null = null;

/** Sets the guard (null: none); returns the call that removes it, if it is still the one set. */
export function guardPops(guard: PopGuard): () => void {
  current = guard;
  return () => {
    if (current === guard) current = null;
  };
}

/** Whether a Back or Forward may be routed: true unless a guard kept the page. */
export const popAllowed = (): boolean => (current ? current() : true);
