import { DEFAULT_TIME_ZONE, todayIn } from '@shared/dates';

/** Today in the test college's time zone (a new college's default, which tests leave as it is). */
export const collegeToday = (now: Date | number = new Date()): string => todayIn(DEFAULT_TIME_ZONE, now);
