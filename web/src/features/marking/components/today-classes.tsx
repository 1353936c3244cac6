import { useEffect, useId } from 'react';
import { markingFormPath } from '@shared/marking-link';
import { weekdayOf } from '@shared/dates';
import type { TodayClass } from '@shared/schemas/timetable';
import { TIMETABLE_MESSAGES, WEEKDAYS } from '@shared/timetable-words';
import { LinkList } from '@web/components/ui/link-list';
import { Loaded } from '@web/components/ui/loaded';
import { QUEUE_PATH } from '@web/components/offline/queue-status';
import { useCollegeTime } from '@web/lib/college-time';
import { classTimes } from '@web/lib/class-times';
import { useQueuedMarks } from '@web/lib/offline/queue-store';
import { useTodayClasses } from '@web/lib/queries';
import { viewLink } from '@web/lib/view-link';
import { keepTodayForOffline, waitingMarkOf } from '../offline-today';
import { TodayEmpty } from './today-empty';

/**
 * Where a class of Today leads (docs/product.md §2.4): not marked yet, straight to its marking form, with
 * the ids and display path the flow's last step would carry; marked, to the view of that date, where
 * the session can be corrected while allowed and its history read.
 */
export function todayTarget(item: TodayClass, date: string): string {
  const { entry } = item;
  if (item.marked) {
    return viewLink({
      date,
      semid: entry.semid,
      courseid: entry.courseid,
      slotid: entry.slotid,
      classKind: entry.classKind,
      groupid: entry.groupid,
    });
  }
  return markingFormPath(item);
}

/** A class's second line: its kind and group, and its slot's name when the times shown are not it. */
const classDetail = (item: TodayClass) => {
  const named = item.start && !item.slot.includes(item.start) ? ` · ${item.slot}` : '';
  return `${item.kind} · ${item.group}${named}`;
};

/**
 * Today on Home: the caller's classes of the day (college time) in the order of their times, one large
 * link each, led by its times ('09:00–10:00 · Data Structures'; a slot without times by its name) ('Marked' once
 * marked; 'Saved on this phone', to the list of saved marks, while its mark waits to be sent). Their
 * student lists are read at once, to be there offline. None: TodayEmpty, which leads to `anotherClass` (a heading's id).
 */
export function TodayClasses({ anotherClass }: { anotherClass: string }) {
  const headingId = useId();
  const classes = useTodayClasses();
  const queued = useQueuedMarks();
  const { today: date } = useCollegeTime();
  useEffect(() => {
    if (classes.data) void keepTodayForOffline(classes.data);
  }, [classes.data]);
  return (
    <section className="home-section" aria-labelledby={headingId}>
      <div className="home-section-header">
        <h2 id={headingId}>Today</h2>
        <p className="step-lead">
          {WEEKDAYS[weekdayOf(date) - 1]}, {date}
        </p>
      </div>
      {classes.data?.length === 0 ? (
        <TodayEmpty anotherClass={anotherClass} />
      ) : (
        <Loaded list={classes} empty={TIMETABLE_MESSAGES.noClasses}>
          {(items) => (
            <LinkList
              label={TIMETABLE_MESSAGES.today}
              items={items.map((item) => {
                const waiting = !item.marked && waitingMarkOf(item, date, queued);
                return {
                  key: item.entry._id,
                  to: waiting ? QUEUE_PATH : todayTarget(item, date),
                  label: `${classTimes(item)} · ${item.course}`,
                  detail: classDetail(item),
                  badge: item.marked ? 'Marked' : waiting ? 'Saved on this phone' : undefined,
                };
              })}
            />
          )}
        </Loaded>
      )}
    </section>
  );
}
