import { useEffect } from 'react';
import { collegeMoment, DEFAULT_TIME_ZONE, todayIn } from '@shared/dates';
import { useSettings } from './queries';
import { session } from './session';

/**
 * The college's clock in the app (docs/product.md §9): "today" and every moment shown are in the
 * college's time zone (a setting), whatever the device's own. Until the settings arrive (or when
 * they cannot) the app uses the zone the login status named (its clock), else the server's default.
 */
let fromSettings: string | undefined;
const current = (): string => fromSettings ?? session.get().user?.clock?.timeZone ?? DEFAULT_TIME_ZONE;

/** The college's time zone, today there, and a stored instant as it reads there ('2026-11-20 14:35'). */
export function useCollegeTime() {
  const { data } = useSettings();
  const timeZone = data?.timeZone ?? current();
  useEffect(() => {
    if (data) fromSettings = data.timeZone;
  }, [data]);
  return { timeZone, today: todayIn(timeZone), moment: (iso: string) => collegeMoment(iso, timeZone) };
}

/** Today in the college, outside a component (the last time zone the settings gave). */
export const collegeToday = (): string => todayIn(current());

/** A stored instant (ISO 8601) in college time, outside a component: '2026-11-20 14:35'. */
export const formatMoment = (iso: string): string => collegeMoment(iso, current());
