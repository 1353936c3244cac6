import { useRef, useState } from 'react';

/**
 * What an admin screen lists under its form: nothing until Get or Add, then `listed` (a parent,
 * or `true` for a flat list). Get also moves focus to the list's heading (announced, and scrolled
 * into view on a phone); the heading is also where focus goes after a row is deleted.
 */
export type Listing = Pick<ReturnType<typeof useListing>, 'listed' | 'heading' | 'reveal'>;

export function useListing<T>() {
  const [listed, setListed] = useState<T | null>(null);
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
