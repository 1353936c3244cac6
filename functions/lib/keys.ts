import { createHash } from 'node:crypto';
import type { QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { naturalKey } from './natural-key';
import type { Kind } from './entities/structure-node';
import { GSI1 } from './table-schema';

/**
 * Every key of the one table is spelled here, and nowhere else (lint: sams/keys-in-key-module).
 * An item is addressed by a `Key` (pk, sk); a list is a `KeyCondition` (the key part of a
 * Query). Each function is named after the item or the access pattern it serves; the list of
 * items and patterns is docs/data-model.md.
 */
export interface Key {
  pk: string;
  sk: string;
}

export type KeyCondition = Required<Pick<QueryCommandInput, 'KeyConditionExpression' | 'ExpressionAttributeValues'>> &
  Pick<QueryCommandInput, 'IndexName'>;

export const beginsWith = (pk: string, prefix: string): KeyCondition => ({
  KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
  ExpressionAttributeValues: { ':pk': pk, ':prefix': prefix },
});

export const between = (pk: string, from: string, to: string): KeyCondition => ({
  KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
  ExpressionAttributeValues: { ':pk': pk, ':from': from, ':to': to },
});

export const exactly = ({ pk, sk }: Key): KeyCondition => ({
  KeyConditionExpression: 'pk = :pk AND sk = :sk',
  ExpressionAttributeValues: { ':pk': pk, ':sk': sk },
});

/** Every item whose gsi1pk is the value (an entity module's list). */
export const allOnIndex = (gsi1pk: string): KeyCondition => ({
  IndexName: GSI1,
  KeyConditionExpression: 'gsi1pk = :pk',
  ExpressionAttributeValues: { ':pk': gsi1pk },
});

/** A look-alike key is as long as its text (and longer): its SHA-256 keeps every key short. */
export const hashed = (lookalike: string) => createHash('sha256').update(lookalike).digest('base64url');

// Login failures (users, their email claims and login sessions: entities/user.ts, entities/login-session.ts).

/** Login attempts on an account: the account's own count, or (device) the count of one browser that signed in to it before. */
export const loginFailures = (email: string, device?: string): Key => ({
  pk: `LOGINFAIL#${email.toLowerCase()}`,
  sk: device ? `LOGINFAIL#DEVICE#${device}` : 'LOGINFAIL',
});
/** Wrong current passwords given to a password change in one login session (counted apart from logins, so outsiders cannot lock the owner's change). */
export const passwordChangeGuesses = (email: string, loginSessionId: string): Key => ({
  pk: `LOGINFAIL#${email.toLowerCase()}`,
  sk: `LOGINFAIL#SESSION#${loginSessionId}`,
});
export const loginFailuresOfAccount = (email: string): KeyCondition => beginsWith(`LOGINFAIL#${email.toLowerCase()}`, 'LOGINFAIL');
/** Sign-in links asked for, counted per address or per client (IP) for their rate limit. */
export const signInLinkRequests = (by: 'address' | 'client', value: string): Key => ({
  pk: `LINKRATE#${by}#${by === 'address' ? value.toLowerCase() : value}`,
  sk: 'LINKRATE',
});
/** An emailed set-password link, by its token's SHA-256 (the token itself is never stored). */
export const setPasswordLink = (tokenHash: string): Key => ({ pk: `SETPW#${tokenHash}`, sk: 'SETPW' });

// The academic structure: each node is an entity (read by id) and an entry in its parent's partition (the lists).

const NODE_PREFIX: Record<Kind, string> = {
  term: 'TERM',
  semester: 'SEM',
  division: 'DIV',
  batch: 'BATCH',
  course: 'COURSE',
  slot: 'SLOT',
};

/** Where a node sits: under a parent node, or (terms) under the college. */
export type Parent = { kind: Kind; id: string } | null;

const partitionOf = (parent: Parent) => (parent ? `${NODE_PREFIX[parent.kind]}#${parent.id}` : 'COLLEGE');

export const structureNode = (kind: Kind, id: string): Key => ({ pk: `${NODE_PREFIX[kind]}#${id}`, sk: NODE_PREFIX[kind] });
/** A node's entry in its parent's list: the name key orders the list and makes the name unique there. */
export const structureEntry = (kind: Kind, name: string, parent: Parent): Key => ({
  pk: partitionOf(parent),
  sk: `${NODE_PREFIX[kind]}#${naturalKey(name)}`,
});
/** Claims one look-alike key of a node's name within its parent (outside the `<P>#` lists). */
export const structureNameLookalike = (kind: Kind, lookalike: string, parent: Parent): Key => ({
  pk: partitionOf(parent),
  sk: `ALIKE#${NODE_PREFIX[kind]}#${hashed(lookalike)}`,
});
export const childrenOf = (kind: Kind, parent: Parent): KeyCondition => beginsWith(partitionOf(parent), `${NODE_PREFIX[kind]}#`);
export const termsOfCollege = (): KeyCondition => childrenOf('term', null);

// Students: the entity, the enrollment claim, and the entry in the batch's (and, on gsi1, the division's) list.

interface PlacedStudent {
  _id: string;
  enrollment: string;
  batchid: string;
  divisionid: string;
}

export const studentById = (id: string): Key => ({ pk: `STU#${id}`, sk: 'STU' });
/** Claims an enrollment (any case) college-wide. */
export const enrollmentClaim = (enrollment: string): Key => ({ pk: `ENROLL#${enrollment.trim().toLowerCase()}`, sk: 'ENROLL' });
/** Claims one look-alike key of an enrollment (shared/text/lookalike.ts) college-wide. */
export const enrollmentLookalikeClaim = (lookalike: string): Key => ({ pk: `ENROLLALIKE#${hashed(lookalike)}`, sk: 'ENROLLALIKE' });
export const studentEntry = (student: Omit<PlacedStudent, 'divisionid'>): Key => ({
  pk: `BATCH#${student.batchid}`,
  sk: `STU#${naturalKey(student.enrollment)}#${student._id}`,
});
/** The entry's place in its division's list (gsi1), in roll order. */
export const studentInDivision = (student: PlacedStudent) => ({
  gsi1pk: `DIV#${student.divisionid}#STU`,
  gsi1sk: `${naturalKey(student.enrollment)}#${student._id}`,
});
export const studentsOfBatch = (batchid: string): KeyCondition => beginsWith(`BATCH#${batchid}`, 'STU#');
export const studentsOfDivision = (divisionid: string): KeyCondition => allOnIndex(`DIV#${divisionid}#STU`);

// Class sessions and their history: functions/lib/entities/class-session.ts.

// Attendance summaries: functions/lib/entities/attendance-summary.ts.

// The weekly timetable (docs/data-model.md): an entry per term, weekday, slot and group, in the term's
// partition (the key makes a group's slot taken once); a copy in the faculty member's partition (the key
// makes a faculty member's slot taken once, and lists their classes of a weekday); and per division,
// weekday and slot a count of its batches' labs (a lecture and a lab of its batch never share a slot).

export interface EntryPlace {
  termid: string;
  weekday: number;
  slotid: string;
  groupid: string;
  /** A class of odd or even weeks has a place of its own beside an every-week class's (functions/lib/timetable/places.ts). */
  weeks?: 'odd' | 'even' | null;
}

const weeksPart = (weeks: EntryPlace['weeks']) => (weeks ? `#${weeks}` : '');
export const timetableEntry = (e: EntryPlace): Key => ({
  pk: `TERM#${e.termid}`,
  sk: `TT#${e.weekday}#${e.slotid}#${e.groupid}${weeksPart(e.weeks)}`,
});
/** Every entry of a term, or of one weekday of it. */
export const timetableOfTerm = (termid: string, weekday?: number): KeyCondition =>
  beginsWith(`TERM#${termid}`, weekday === undefined ? 'TT#' : `TT#${weekday}#`);
export const facultyClass = (e: Omit<EntryPlace, 'groupid'> & { facultyid: string }): Key => ({
  pk: `USER#${e.facultyid}`,
  sk: `TT#${e.weekday}#${e.termid}#${e.slotid}${weeksPart(e.weeks)}`,
});
/** A faculty member's classes of one weekday, in every term (the caller keeps the active terms'). */
export const classesOfFaculty = (facultyid: string, weekday: number): KeyCondition => beginsWith(`USER#${facultyid}`, `TT#${weekday}#`);
/** Every class of a faculty member, in every term and weekday. */
export const allClassesOfFaculty = (facultyid: string): KeyCondition => beginsWith(`USER#${facultyid}`, 'TT#');
export const divisionLabs = (e: Omit<EntryPlace, 'groupid'> & { divisionid: string }): Key => ({
  pk: `TERM#${e.termid}`,
  sk: `TTLABS#${e.weekday}#${e.slotid}#${e.divisionid}`,
});

// The college's settings: one item.

export const collegeSettings = (): Key => ({ pk: 'COLLEGE', sk: 'SETTINGS' });

// Alerts (docs/data-model.md): one sent-log item per email of a job's run, in the partition of the job
// and its period (a day or a week), keyed by recipient and subject; a run's log is one Query. TTL removes them.

export interface AlertRun {
  job: string;
  period: string;
}

export const alertLogEntry = (run: AlertRun, recipient: string, subject: string): Key => ({
  pk: `ALERT#${run.job}#${run.period}`,
  sk: `${recipient}#${subject}`,
});
/** A scheduled run's marker in its run's partition: written once per job and period, so the run happens at most once. */
export const alertRunMarker = (run: AlertRun): Key => ({ pk: `ALERT#${run.job}#${run.period}`, sk: 'RUN' });
export const alertLogOfRun = (run: AlertRun): KeyCondition => ({
  KeyConditionExpression: 'pk = :pk',
  ExpressionAttributeValues: { ':pk': `ALERT#${run.job}#${run.period}` },
});

// The local stack's demo data: one marker per seeding step that ran.
export const seedMarker = (step: string): Key => ({ pk: 'SEED', sk: step });

/** Whether a key (or any attribute) names this id: how tests find what an id left behind. */
export const namesId = (value: string, id: string): boolean => value === id || value.split('#').includes(id);
