import { useRef, useState } from 'react';

/**
 * What an admin screen lists under its form: `listed` (a parent, or `true` for a flat list). On arrival
 * it is what the form preselects (`arrival`: the active term's first semester, …) as soon as that is
 * known, so the list shows without a click; then what Get or Add lists. Get also moves focus to the
 * list's heading (announced, and scrolled into view on a phone); the heading is also where focus goes
 * after a row is deleted.
 */
export type Listing = Pick<ReturnType<typeof useListing>, 'listed' | 'heading' | 'reveal'>;

export function useListing<T>(arrival: T | null = null) {
  const [listed, setListed] = useState<T | null>(arrival);
  // The preselection is known once the selects' lists have loaded: listed then, once (a later change of
  // the selects lists nothing until Get, as before).
  if (listed === null && arrival !== null) setListed(arrival);
  const [reveal, setReveal] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  return {
    listed,
    heading,
    /** Counts the presses of Get: each moves focus to the list. */
    reveal,
    /** Get: list `next` (loaded again when it is what is listed already) and move focus to the list. */
    get(next: T, list: { mutate: () => unknown }) {
      if (listed !== null && JSON.stringify(listed) === JSON.stringify(next)) void list.mutate();
      setListed(next);
      setReveal((count) => count + 1);
    },
    /** After an Add: list `next`, focus staying where it is. */
    show: setListed,
  };
}
