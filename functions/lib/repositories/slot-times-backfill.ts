import { formatTime, parseTime } from '@shared/dates';
import { listChildren } from './structure';
import { setTimesOfUntimedSlot } from './slots';

/**
 * `npm run slot-times -- backfill` (docs/operations.md): slots an older release stored have no class times.
 * Once after upgrading, this walks every term's slots (Queries only) and gives each slot without
 * times the ones its name spells ('09:00 - 10:00', '9.00-10.00'); a slot whose name spells none is
 * listed and left unset: the Slot screen flags it, and an admin sets its times there. Safe to run
 * again, and while SAMS is in use: a slot is written only if it still has no times and the same name.
 */
export interface SlotTimesReport {
  slots: number;
  /** Slots given times from their names by this run. */
  set: number;
  /** Slots whose names spell no times: an admin sets them on the Slot screen. */
  untimed: { _id: string; name: string; termid: string }[];
  /** Slots set or renamed while the run read them: left as they are. */
  changed: number;
}

// A time of day, not part of a longer number: '9:00', '09.00', '14:30'.
const TIME_IN_TEXT = /(?<![\d.:])(?:[01]?\d|2[0-3])[:.][0-5]\d(?![\d.:])/g;

/** The class times a slot's name spells: exactly two times, the second after the first; null otherwise. */
export function timesInName(name: string): { start: string; end: string } | null {
  const found = (name.match(TIME_IN_TEXT) ?? []).map((text) => parseTime(text));
  if (found.length !== 2 || found[0] === null || found[1] === null || found[0]! >= found[1]!) return null;
  return { start: formatTime(found[0]!), end: formatTime(found[1]!) };
}

export async function backfillSlotTimes(): Promise<SlotTimesReport> {
  const report: SlotTimesReport = { slots: 0, set: 0, untimed: [], changed: 0 };
  for (const term of await listChildren('term'))
    for (const slot of await listChildren('slot', term._id)) {
      report.slots += 1;
      if (slot.start && slot.end) continue;
      const times = timesInName(slot.name);
      if (!times) {
        report.untimed.push({ _id: slot._id, name: slot.name, termid: term._id });
        continue;
      }
      if ((await setTimesOfUntimedSlot(slot, times)) === 'set') report.set += 1;
      else report.changed += 1;
    }
  return report;
}
