import { useEffect, useId } from 'react';
import { todayUtc } from '@shared/dates';
import { TIMETABLE_MESSAGES, WEEKDAYS, weekdayOf, type TodayClass } from '@shared/schemas/timetable';
import { LinkList } from '@web/components/ui/link-list';
import { Loaded } from '@web/components/ui/loaded';
import { QUEUE_PATH } from '@web/components/offline/queue-status';
import { useQueuedMarks } from '@web/lib/offline/queue-store';
import { useTodayClasses } from '@web/lib/queries';
import { viewLink } from '@web/lib/view-link';
import { nextStep, PATH_SEPARATOR } from '../flow';
import { keepTodayForOffline, waitingMarkOf } from '../offline-today';

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
      kind: entry.slotcount,
      groupid: entry.groupid,
    });
  }
  const path = [item.course, item.kind, item.slot, item.group].join(PATH_SEPARATOR);
  return nextStep(`/students/${entry.groupid}`, { extraData: '' }, path, {
    termid: entry.termid,
    semid: entry.semid,
    courseid: entry.courseid,
    kind: String(entry.slotcount),
    slot: entry.slotid,
  });
}

/**
 * Today on Home: the caller's classes of the day in slot order, one large link each ('Marked' once
 * marked; 'Saved on this phone', to the list of saved marks, while its mark waits to be sent). Their
 * student lists are read at once, to be there offline.
 */
export function TodayClasses() {
  const headingId = useId();
  const classes = useTodayClasses();
  const queued = useQueuedMarks();
  const date = todayUtc();
  useEffect(() => {
    if (classes.data) keepTodayForOffline(classes.data);
  }, [classes.data]);
  return (
    <section className="home-section" aria-labelledby={headingId}>
      <div className="home-section-header">
        <h2 id={headingId}>Today</h2>
        <p className="step-lead">
          {WEEKDAYS[weekdayOf(date) - 1]}, {date}
        </p>
      </div>
      <Loaded list={classes} empty={TIMETABLE_MESSAGES.noClasses}>
        {(items) => (
          <LinkList
            label={TIMETABLE_MESSAGES.today}
            items={items.map((item) => {
              const waiting = !item.marked && waitingMarkOf(item, date, queued);
              return {
                key: item.entry._id,
                to: waiting ? QUEUE_PATH : todayTarget(item, date),
                label: `${item.slot} · ${item.course}`,
                detail: `${item.kind} · ${item.group}`,
                badge: item.marked ? 'Marked' : waiting ? 'Saved on this phone' : undefined,
              };
            })}
          />
        )}
      </Loaded>
    </section>
  );
}
