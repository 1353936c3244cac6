import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import {
  STUDENT_SEARCH_LIMITS,
  STUDENT_SEARCH_MESSAGES as M,
  studentSearchQuerySchema,
  type StudentMatch,
} from '@shared/schemas/student-search';
import { Field } from '@web/components/ui/field';
import { Notice } from '@web/components/ui/notice';
import { useApi } from '@web/lib/use-api';
import './student-search.css';

interface StudentSearchProps {
  /** The term searched (the Students screen's chosen term); none: the active term, as Reports shows. */
  termid?: string;
  /** Kept with the link to a student's record (Reports: the list to go back to). */
  recordState?: unknown;
  /** A found student's own button beside the link to their record (the Students screen: show their batch). */
  action?: (student: StudentMatch) => ReactNode;
}

/** What the live line says of an answer. */
function outcome(count: number, more: boolean): string {
  if (count === 0) return M.none;
  const found = `${count} ${count === 1 ? 'student' : 'students'} found`;
  return more ? `${found}: the first ${STUDENT_SEARCH_LIMITS.answered}. Type more of the name or enrollment to narrow it.` : found;
}

/**
 * Find a student by any part of their name or enrollment, in any script (GET student/search): a search
 * form, its outcome read out, and the students found, each a link to their record.
 */
export function StudentSearch({ termid, recordState, action }: StudentSearchProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const [asked, setAsked] = useState<string | null>(null);
  const resultsId = useId();
  const query = asked === null ? null : { query: { q: asked, ...(termid && { termid }) } };
  const found = useApi('GET /student/search', query);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = studentSearchQuerySchema.safeParse({ q: text });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      event.currentTarget.querySelector('input')?.focus();
      return;
    }
    setError(undefined);
    if (parsed.data.q === asked) void found.mutate();
    setAsked(parsed.data.q);
  }

  const students = found.data?.students ?? [];
  const said = asked === null ? '' : found.error ? '' : found.data ? outcome(students.length, found.data.more) : 'Searching…';
  return (
    <section className="card student-search" aria-label="Find a student">
      <form role="search" aria-label="Students" className="student-search-form" noValidate onSubmit={onSubmit}>
        <Field
          label="Find a student"
          type="search"
          name="q"
          autoComplete="off"
          enterKeyHint="search"
          hint="Any part of a name or an enrollment, in any script: at least 2 characters."
          maxLength={200}
          value={text}
          error={error}
          aria-controls={resultsId}
          onChange={(event) => {
            setText(event.target.value);
            setError(undefined);
          }}
        />
        <button type="submit" className="button">
          Search
        </button>
      </form>
      {/* Live (not role=status: the screens' own banners are their status), so the outcome is read out. */}
      <p className="student-search-outcome" aria-live="polite" aria-atomic="true">
        {said}
      </p>
      {found.error && asked !== null && (
        <Notice
          kind="error"
          action={
            <button type="button" className="button button-secondary" onClick={() => void found.mutate()}>
              Try again
            </button>
          }
        >
          {found.error.message}
        </Notice>
      )}
      <ul id={resultsId} className="student-search-results" aria-label="Students found">
        {students.map((student) => (
          <li key={student._id}>
            <div className="student-search-who">
              <Link to={`/reports/student/${encodeURIComponent(student._id)}`} state={recordState}>
                {student.name}
              </Link>
              <span className="student-search-enrollment">{student.enrollment}</span>
            </div>
            <p className="student-search-where">{[student.semester, student.division, student.batch].filter(Boolean).join(' · ')}</p>
            {action?.(student)}
          </li>
        ))}
      </ul>
    </section>
  );
}
