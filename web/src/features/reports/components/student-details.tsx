import type { StudentRecord } from '@shared/schemas/reports';

/** Who a record's student is: name, enrollment and their semester, division and batch. */
export function StudentDetails({ student }: { student: StudentRecord['student'] }) {
  return (
    <dl className="record-details">
      {[
        ['Name', student.name],
        ['Enrollment', student.enrollment],
        ['Semester', student.semester.name],
        ['Division', student.division.name],
        ['Batch', student.batch.name],
      ].map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
