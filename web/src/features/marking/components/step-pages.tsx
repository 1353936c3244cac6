import { useParams, useSearchParams, type Params } from 'react-router-dom';
import type { Loadable } from '@web/components/ui/loaded';
import { useCollegeTime } from '@web/lib/college-time';
import { useBatches, useCourses, useDivisions, useSlots } from '@web/lib/queries';
import { useAssignedClasses } from '../assigned';
import { nextStep, parseKind, readFlow, type FlowState } from '../flow';
import { useMarkedSessions } from '../marked-sessions';
import { StepPage } from './flow-parts';

/*
 * The list steps of the marking flow (docs/product.md §2.4): each lists what its URL names and links
 * every item to the next step. A step is data: what it lists, whether its URL carries what it needs,
 * and where an item leads.
 */

interface Named {
  _id: string;
  name: string;
}

interface Step<T extends Named> {
  title: string;
  label: string;
  /** The empty-list message of docs/product.md §8. */
  empty: string;
  /** The list to choose from (a hook: called on every render). */
  useList(params: Params, flow: FlowState): Loadable<T>;
  /** Whether the URL carries what this step needs. */
  ready(params: Params, flow: FlowState): unknown;
  /** The next step's link for an item. */
  next(item: T, params: Params, flow: FlowState): string;
  /** The step whose items lead to the form: the class of its items (each item a group), to flag those marked today. */
  classOf?(params: Params, flow: FlowState): { courseid: string; kind: 1 | 2; slotid: string } | null;
}

function stepPage<T extends Named>(step: Step<T>) {
  return function ListStep() {
    const params = useParams();
    const flow = readFlow(useSearchParams()[0]);
    const list = step.useList(params, flow);
    const { today, moment } = useCollegeTime();
    const of = step.ready(params, flow) ? step.classOf?.(params, flow) : null;
    const marked = useMarkedSessions(of ? { ...of, date: today } : null);
    const detail = (item: T) => {
      const session = of && marked.of(item._id);
      return (
        session && (
          <span className="step-marked">
            Already marked today. Marked by {session.markedBy.username} at{' '}
            <time className="marked-at" dateTime={session.markedAt}>
              {moment(session.markedAt)}
            </time>
          </span>
        )
      );
    };
    return (
      <StepPage
        title={step.title}
        path={flow.extraData}
        ready={step.ready(params, flow)}
        label={step.label}
        list={list}
        empty={step.empty}
        to={(item) => step.next(item, params, flow)}
        detail={of ? detail : undefined}
      />
    );
  };
}

/** Step 2: the courses of the semester (under 'assigned', those the caller teaches); each links to /laborlec/{courseid}. */
export const CoursePage = stepPage({
  title: 'Choose a course',
  label: 'Courses',
  empty: 'No courses found',
  useList: ({ semid }) => useAssignedClasses().filter(useCourses(semid), (entry, course) => entry.courseid === course._id),
  ready: () => true,
  next: (course, { semid }, flow) => nextStep(`/laborlec/${course._id}`, flow, course.name, { semid }),
});

/** Step 4, the time screen: the term's slots (:slotid is the kind); each links to /division/{timeid}. */
export const SlotsPage = stepPage({
  title: 'Choose a time slot',
  label: 'Time slots',
  empty: 'No slots found',
  useList: ({ slotid }, flow) => useSlots(parseKind(slotid) ? flow.termid : undefined),
  ready: ({ slotid }, flow) => parseKind(slotid) && flow.termid && flow.semid && flow.courseid,
  next: (slot, { slotid }, flow) => nextStep(`/division/${slot._id}`, flow, slot.name, { kind: String(parseKind(slotid)) }),
});

/**
 * Step 5: the semester's divisions (under 'assigned', those where the caller teaches this course as this kind);
 * a lab goes on to /batch/{divisionid}, a lecture to /students/{divisionid}.
 */
export const DivisionPage = stepPage({
  title: 'Choose a division',
  label: 'Divisions',
  empty: 'No division found',
  useList: (_, flow) =>
    useAssignedClasses().filter(
      useDivisions(flow.semid),
      (entry, division) =>
        entry.courseid === flow.courseid &&
        String(entry.slotcount) === flow.kind &&
        (flow.kind === '2' ? entry.divisionid : entry.groupid) === division._id,
    ),
  ready: ({ timeid }, flow) => parseKind(flow.kind) && flow.semid && flow.courseid && timeid,
  next: (division, { timeid }, flow) =>
    nextStep(`/${parseKind(flow.kind) === 2 ? 'batch' : 'students'}/${division._id}`, flow, division.name, { slot: timeid }),
  // A lecture's division is the group marked (a lab's are its batches, flagged on the next step).
  classOf: ({ timeid }, flow) =>
    flow.kind === '1' && flow.courseid && timeid ? { courseid: flow.courseid, kind: 1, slotid: timeid } : null,
});

/** Step 6 (labs): the division's batches (under 'assigned', those of the caller's labs of the course); each links to /students/{batchid}. */
export const BatchPage = stepPage({
  title: 'Choose a batch',
  label: 'Batches',
  empty: 'No batches found',
  useList: ({ divisionid }, flow) =>
    useAssignedClasses().filter(
      useBatches(divisionid),
      (entry, batch) => entry.courseid === flow.courseid && entry.slotcount === 2 && entry.groupid === batch._id,
    ),
  ready: (_, flow) => flow.courseid && flow.slot && flow.kind === '2',
  next: (batch, _, flow) => nextStep(`/students/${batch._id}`, flow, batch.name),
  classOf: (_, flow) => (flow.courseid && flow.slot ? { courseid: flow.courseid, kind: 2, slotid: flow.slot } : null),
});
