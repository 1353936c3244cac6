import { useParams, useSearchParams } from 'react-router-dom';
import type { Loadable } from '@web/components/ui/loaded';
import { useCollegeTime } from '@web/lib/college-time';
import { useBatches, useCourses, useDivisions, useSlots } from '@web/lib/queries';
import { useAssignedClasses } from '../assigned';
import { nextStep, readFlow, STEP_PATHS, type FlowState } from '../flow';
import { useMarkedClassSessions, type ClassOfDay } from '../marked-sessions';
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
  useList(flow: FlowState): Loadable<T>;
  /** Whether the URL carries what this step needs. */
  ready(flow: FlowState): unknown;
  /** The next step's link for an item. */
  next(item: T, flow: FlowState): string;
  /** The step whose items lead to the form: the class of its items (each item a group), to flag those marked today. */
  classOf?(flow: FlowState): Omit<ClassOfDay, 'date'> | null;
}

function stepPage<T extends Named>(step: Step<T>) {
  return function ListStep() {
    const flow = readFlow(useSearchParams()[0], useParams());
    const list = step.useList(flow);
    const { today, moment } = useCollegeTime();
    const of = step.ready(flow) ? step.classOf?.(flow) : null;
    const marked = useMarkedClassSessions(of ? { ...of, date: today } : null);
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
        path={flow.displayPath}
        ready={step.ready(flow)}
        label={step.label}
        list={list}
        empty={step.empty}
        to={(item) => step.next(item, flow)}
        detail={of ? detail : undefined}
      />
    );
  };
}

/** Step 2: the courses of the semester (under 'assigned', those the caller teaches); each links to the kind step. */
export const CoursePage = stepPage({
  title: 'Choose a course',
  label: 'Courses',
  empty: 'No courses found',
  useList: ({ semid }) => useAssignedClasses().filter(useCourses(semid), (entry, course) => entry.courseid === course._id),
  ready: () => true,
  next: (course, flow) => nextStep(STEP_PATHS.kinds(course._id), flow, course.name),
});

/** Step 4, the time screen: the term's slots (the path names the class kind); each links to the division step. */
export const SlotsPage = stepPage({
  title: 'Choose a time slot',
  label: 'Time slots',
  empty: 'No slots found',
  useList: (flow) => useSlots(flow.classKind ? flow.termid : undefined),
  ready: (flow) => flow.classKind && flow.termid && flow.semid && flow.courseid,
  next: (slot, flow) => nextStep(STEP_PATHS.divisions(slot._id), flow, slot.name),
});

/**
 * Step 5: the semester's divisions (under 'assigned', those where the caller teaches this course as this kind);
 * a lab goes on to the division's batches, a lecture to the form.
 */
export const DivisionPage = stepPage({
  title: 'Choose a division',
  label: 'Divisions',
  empty: 'No division found',
  useList: (flow) =>
    useAssignedClasses().filter(
      useDivisions(flow.semid),
      (entry, division) =>
        entry.courseid === flow.courseid &&
        entry.classKind === flow.classKind &&
        (flow.classKind === 'lab' ? entry.divisionid : entry.groupid) === division._id,
    ),
  ready: (flow) => flow.classKind && flow.semid && flow.courseid && flow.slotid,
  next: (division, flow) =>
    nextStep((flow.classKind === 'lab' ? STEP_PATHS.batches : STEP_PATHS.students)(division._id), flow, division.name),
  // A lecture's division is the group marked (a lab's are its batches, flagged on the next step).
  classOf: ({ classKind, courseid, slotid }) => (classKind === 'lecture' && courseid && slotid ? { courseid, classKind, slotid } : null),
});

/** Step 6 (labs): the division's batches (under 'assigned', those of the caller's labs of the course); each links to the form. */
export const BatchPage = stepPage({
  title: 'Choose a batch',
  label: 'Batches',
  empty: 'No batches found',
  useList: (flow) =>
    useAssignedClasses().filter(
      useBatches(flow.divisionid),
      (entry, batch) => entry.courseid === flow.courseid && entry.classKind === 'lab' && entry.groupid === batch._id,
    ),
  ready: (flow) => flow.courseid && flow.slotid && flow.classKind === 'lab',
  next: (batch, flow) => nextStep(STEP_PATHS.students(batch._id), flow, batch.name),
  classOf: ({ courseid, slotid }) => (courseid && slotid ? { courseid, classKind: 'lab', slotid } : null),
});
