import type { Student } from '@shared/schemas/structure';
import { minorAge } from '@shared/minors';
import { useCollegeTime } from '@web/lib/college-time';
import { guardianLine } from '../guardian-form';
import { signInMoment } from './sign-in-words';
import './guardian-fields.css';

/**
 * Minors and their guardians (docs/product.md §2.6): a student under 18 today in college time is 'Minor (age 16)',
 * and the student's details say of each guardian whether and when they were informed (the invitation email records it).
 */

/** Whether and when a guardian was informed: 'Informed by invitation email on 26 Nov 2026, 14:05', or 'Not informed yet'. */
export function informedText(guardian: { email?: string }, informed: Student['guardiansInformed'], timeZone: string): string {
  const record = guardian.email ? informed?.[guardian.email.toLowerCase()] : undefined;
  return record ? `Informed by ${record.how} on ${signInMoment(record.at, timeZone)}` : 'Not informed yet';
}

const minorText = (age: number) => `Minor (age ${age})`;

/** The Student list's Guardians cell: the contacts and, for a minor, 'Minor (age N)' (a list entry has no informed-at). */
export function GuardiansCell({ student }: { student: Student }) {
  const { timeZone } = useCollegeTime();
  const age = minorAge(student.dob, timeZone);
  const guardians = student.guardians ?? [];
  return (
    <>
      {age !== null && <p className="guardian-minor">{minorText(age)}</p>}
      {guardians.length ? (
        <ul className="guardian-list">
          {guardians.map((guardian, at) => (
            <li key={at}>{guardianLine(guardian)}</li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

/** In the student's details (Update details), for a minor: their age and whether each guardian was informed, and when. */
export function GuardiansInformed({ student }: { student: Student }) {
  const { timeZone } = useCollegeTime();
  const age = minorAge(student.dob, timeZone);
  if (age === null) return null;
  const guardians = student.guardians ?? [];
  return (
    <section className="guardians-informed" aria-label="Guardians informed">
      <p className="admin-readonly">{minorText(age)}</p>
      {guardians.length ? (
        <ul className="guardian-list">
          {guardians.map((guardian, at) => (
            <li key={at}>
              {guardian.name} ({guardian.relation}): {informedText(guardian, student.guardiansInformed, timeZone)}
            </li>
          ))}
        </ul>
      ) : (
        <p>No guardian contacts to inform</p>
      )}
    </section>
  );
}
