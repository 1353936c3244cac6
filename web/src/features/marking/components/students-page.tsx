import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { Notice } from '@web/components/ui/notice';
import { Loaded, type Loadable } from '@web/components/ui/loaded';
import { Page } from '@web/components/ui/page';
import { useCollegeTime } from '@web/lib/college-time';
import { useSession } from '@web/lib/session';
import { viewLink } from '@web/lib/view-link';
import { readFlow } from '../flow';
import { useGroupStudents, type GroupStudent } from '../group-students';
import { useMarkedClassSessions } from '../marked-sessions';
import { useCheckInStart, withLeave } from '../check-in-start';
import { useOnLeave } from '../on-leave';
import { FlowPath, MissingContext } from './flow-parts';
import { MarkForm, type FoundMarked } from './mark-form';
import { MarkedNotice } from './marked-notice';
import { OpenCheckIn } from './open-check-in';

export { FAILED_MARK_REDIRECT_MS } from './mark-form';

/**
 * The flow's last step: the attendance form of a division (lecture) or a batch (lab), everyone present to start
 * with (a student on approved leave as their leave says, with a badge), or the teacher's draft of it; a class already marked today shows who marked it and when instead.
 */
export function StudentsPage() {
  const [search] = useSearchParams();
  const flow = readFlow(search, useParams());
  const checkinId = search.get('checkin');
  const { classKind, groupid, courseid, slotid } = flow;
  const ready = classKind && groupid && courseid && slotid ? { classKind, groupid, courseid, slotid } : null;
  const students = useGroupStudents(ready ? ready.classKind : null, groupid);
  const { today } = useCollegeTime();
  const { user } = useSession();
  const classOfDay = ready && { ...ready, date: today };
  const marked = useMarkedClassSessions(classOfDay);
  const onLeave = useOnLeave(classOfDay);
  const checkIn = useCheckInStart(classOfDay && checkinId, students.data);
  const [found, setFound] = useState<FoundMarked | null>(null);

  if (!classOfDay || !user) {
    return (
      <Page title="Who is present?" lead={<FlowPath path={flow.displayPath} />}>
        <MissingContext />
      </Page>
    );
  }
  const view = flow.semid
    ? viewLink({
        date: today,
        semid: flow.semid,
        courseid: classOfDay.courseid,
        slotid: classOfDay.slotid,
        classKind: classOfDay.classKind,
        groupid: classOfDay.groupid,
      })
    : null;
  const markedSession = found?.marked ?? marked.of(classOfDay.groupid);
  // The form waits for the check too: a class found marked never shows an editable form first; and for who is
  // on leave, so those students start with their leave's status.
  const list: Loadable<GroupStudent> =
    marked.ready && onLeave.ready && checkIn.ready ? students : { ...students, data: undefined, isLoading: true };

  return (
    <Page title="Who is present?" lead={<FlowPath path={flow.displayPath} />}>
      {markedSession ? (
        <MarkedNotice marked={markedSession} viewTo={view} refusal={found?.refusal} />
      ) : found ? (
        <Notice
          kind="error"
          action={
            <Link to="/" className="button">
              Back to Home
            </Link>
          }
        >
          {found.refusal}
        </Notice>
      ) : (
        <Loaded list={list} empty="No students found">
          {(group) => (
            <>
              {!checkinId && <OpenCheckIn of={classOfDay} />}
              <MarkForm
                key={`${user._id} ${today} ${classOfDay.groupid} ${checkinId ?? ''}`}
                userId={user._id}
                of={classOfDay}
                group={group}
                label={flow.displayPath}
                view={flow.semid ? { semid: flow.semid, ...classOfDay } : null}
                onFoundMarked={setFound}
                onLeave={withLeave(checkIn.start, onLeave.start)}
              />
            </>
          )}
        </Loaded>
      )}
    </Page>
  );
}
