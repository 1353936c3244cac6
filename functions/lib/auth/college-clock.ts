import { steadyOffsetOf, type SteadyOffset } from '@shared/dates';
import { getSettings } from '../repositories/settings';

/**
 * The signed-in user as login and currentstatus answer them: with the college's clock, its time zone's offset
 * over the coming week (shared/dates.ts), so that the web app tells the college's dates without Intl.
 */
export async function withCollegeClock<T extends object>(user: T): Promise<T & { clock?: SteadyOffset }> {
  const clock = steadyOffsetOf((await getSettings()).timeZone);
  return clock ? { ...user, clock } : user;
}
