import { useState } from 'react';
import { allPresent, type MarkedStudent, type Statuses } from '@web/components/attendance/statuses';
import { readDraft, removeDraft, saveDraft, type DraftClass } from '@web/lib/offline/mark-drafts';

/** Whether the statuses differ from how a new session starts: everyone present, those on leave as their leave says. */
const changedFromStart = (students: readonly MarkedStudent[], statuses: Statuses, baseline: Statuses): boolean =>
  students.some(({ _id }) => (statuses[_id] ?? 'absent') !== (baseline[_id] ?? 'present'));

/**
 * The form's draft of one class (web/src/lib/offline/mark-drafts.ts): it starts from the kept draft
 * (where there is none, and for a student added since: everyone present, a student on leave as the leave
 * says), keeps every change, and is dropped once the class is marked or the teacher discards it.
 */
export function useMarkDraft(userId: string, of: DraftClass, students: readonly MarkedStudent[], onLeave: Statuses = {}) {
  const [baseline] = useState<Statuses>(() => {
    const inGroup = Object.fromEntries(students.flatMap(({ _id }) => (onLeave[_id] ? [[_id, onLeave[_id]] as const] : [])));
    return { ...allPresent(students), ...inGroup };
  });
  const [start, setStart] = useState<Statuses>(() => {
    const kept = readDraft(userId, of) ?? {};
    const fromDraft = Object.fromEntries(students.flatMap(({ _id }) => (kept[_id] ? [[_id, kept[_id]] as const] : [])));
    return { ...baseline, ...fromDraft };
  });
  const [dirty, setDirty] = useState(() => changedFromStart(students, start, baseline));
  // A new form (Discard) is a new StatusForm: it starts from `start` again.
  const [round, setRound] = useState(0);

  return {
    start,
    dirty,
    /** The key of the form, new after a discard. */
    round,
    change(statuses: Statuses) {
      const changed = changedFromStart(students, statuses, baseline);
      if (changed) saveDraft(userId, of, statuses);
      else removeDraft(userId, of);
      setDirty(changed);
    },
    discard() {
      removeDraft(userId, of);
      setStart(baseline);
      setDirty(false);
      setRound((value) => value + 1);
    },
    /** Marked (or saved to send): the draft is done with. */
    done() {
      removeDraft(userId, of);
      setDirty(false);
    },
  };
}
