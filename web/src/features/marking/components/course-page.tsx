import { useParams, useSearchParams } from 'react-router-dom';
import { useCourses } from '@web/lib/queries';
import { nextStep, readFlow } from '../flow';
import { StepPage } from './flow-parts';

/** Step 2: the courses of the semester; each links to /laborlec/{courseid}. */
export function CoursePage() {
  const { semid } = useParams();
  const flow = readFlow(useSearchParams()[0]);
  const courses = useCourses(semid);
  return (
    <StepPage
      title="Choose a course"
      path={flow.extraData}
      label="Courses"
      list={courses}
      empty="No courses found"
      to={(course) => nextStep(`/laborlec/${course._id}`, flow, course.name, { semid })}
    />
  );
}
