import { AUDIT_PARTITIONS } from '@functions/lib/entities/audit';
import { CHECK_IN_PARTITIONS } from '@functions/lib/entities/check-in';
import { DATA_REQUEST_PARTITIONS } from '@functions/lib/entities/data-request';
import { invitationRun } from '@functions/lib/entities/invitation';
import { LEAVE_PARTITIONS } from '@functions/lib/entities/leave';
import { loginFailures, setPasswordLink, signInLinkRequests } from '@functions/lib/entities/sign-in-guards';
import { signInLink } from '@functions/lib/entities/sign-in-link';
import { structureNode } from '@functions/lib/entities/structure-node';
import { enrollmentClaim, enrollmentLookalikeClaim, studentById } from '@functions/lib/entities/student';
import * as keys from '@functions/lib/keys';
import { emailClaim, emailLookalikeClaim } from '@functions/lib/entities/user';
import { loginSession } from '@functions/lib/entities/login-session';
import type { Resource } from '@shared/routes';

/**
 * Least privilege on the table: the DynamoDB actions each resource's Lambda may call. Derived
 * from the `*Command`s its bundle can reach (COMMAND_ACTIONS); tests/infra/table-access.test.ts
 * fails when a bundle needs an action missing here, or is granted one it never uses.
 */
export const READ_ACTIONS = ['GetItem', 'BatchGetItem', 'Query'] as const;
export const WRITE_ACTIONS = ['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem', 'ConditionCheckItem'] as const;
export type TableAction = (typeof READ_ACTIONS)[number] | (typeof WRITE_ACTIONS)[number];

export interface TableAccess {
  actions: readonly TableAction[];
  /** Queries gsi1 (granted dynamodb:Query on the index). */
  queriesIndex: boolean;
  /**
   * The partition keys it may write (dynamodb:LeadingKeys, IAM StringLike patterns of the prefixes of
   * functions/lib/keys.ts and the entity modules): its writes, BatchWriteItem's and transactions' items included.
   */
  writesTo: readonly string[];
}

/** Actions that change an item: granted only on the partitions of `writesTo`. ConditionCheckItem only reads. */
export const ITEM_WRITE_ACTIONS: readonly TableAction[] = ['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem'];

/** Every partition of a key's kind (IAM StringLike): the partition of one key built by its key function, past its prefix. */
export const partitionsOf = ({ pk }: keys.Key): string => pk.replace(/#.*$/, '#*');

/** The caller's login session (its last use, its end): every function writes it. Users' profiles share the partition. */
const LOGIN_SESSIONS = partitionsOf(loginSession('u', 's'));
/** Users' sign-in items beside their profiles: email claims, their look-alikes, failed logins. */
const SIGN_IN = [LOGIN_SESSIONS, ...[emailClaim('e'), emailLookalikeClaim('e'), loginFailures('e')].map(partitionsOf)];
/** Set-password links: the user function stores them, auth's set-password spends them. */
const SET_PASSWORD_LINKS = partitionsOf(setPasswordLink('t'));
/** Sign-in links and their rate limits: the signin function's own. */
const SIGN_IN_LINKS = [partitionsOf(signInLink('r')), partitionsOf(signInLinkRequests('client', 'c'))];
const TERMS = partitionsOf(structureNode('term', 't'));
const COURSES = partitionsOf(structureNode('course', 'c'));
const SETTINGS = partitionsOf(keys.collegeSettings());
/**
 * The college's data under a term: a level's delete cascades to every level, student, class session and
 * timetable entry below it, so each level writes them all; not the sign-in items, alerts' log or seed markers.
 */
const COLLEGE_DATA = [
  LOGIN_SESSIONS,
  SETTINGS,
  ...(['term', 'semester', 'division', 'batch', 'course', 'slot'] as const).map((kind) => partitionsOf(structureNode(kind, 'x'))),
  ...[studentById('s'), enrollmentClaim('e'), enrollmentLookalikeClaim('e')].map(partitionsOf),
];

/** The IAM actions a lib-dynamodb command needs. TransactWriteCommand needs those of its items (TRANSACT_ITEM_ACTIONS). */
export const COMMAND_ACTIONS: Readonly<Record<string, readonly TableAction[]>> = {
  GetCommand: ['GetItem'],
  BatchGetCommand: ['BatchGetItem'],
  QueryCommand: ['Query'],
  PutCommand: ['PutItem'],
  UpdateCommand: ['UpdateItem'],
  DeleteCommand: ['DeleteItem'],
  BatchWriteCommand: ['BatchWriteItem'],
  TransactWriteCommand: [],
  TransactGetCommand: ['GetItem'],
};

export const TRANSACT_ITEM_ACTIONS: Readonly<Record<string, TableAction>> = {
  Put: 'PutItem',
  Update: 'UpdateItem',
  Delete: 'DeleteItem',
  ConditionCheck: 'ConditionCheckItem',
};

/** Creating, listing and cascading deletes of one level of the academic structure; a division's coordinators looked up (BatchGetItem). */
const STRUCTURE: TableAccess = {
  actions: ['GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem', 'ConditionCheckItem'],
  queriesIndex: false,
  writesTo: COLLEGE_DATA,
};

const RESOURCE_ACCESS: Readonly<Record<Resource, TableAccess>> = {
  // Sign-in (login throttling, login sessions, users), one's own login sessions (listed, ended one or all: Query,
  // BatchWriteItem), and registering a user after reading the users for look-alike emails (gsi1).
  auth: {
    actions: ['GetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem'],
    queriesIndex: true,
    writesTo: [...SIGN_IN, SET_PASSWORD_LINKS],
  },
  // Sign-in by emailed link: its rate limits, the link (put, counted, spent with the account's sign-in count and
  // the new login session in one transaction), and the account's students read.
  signin: {
    actions: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'],
    queriesIndex: false,
    writesTo: [...SIGN_IN, ...SIGN_IN_LINKS],
  },
  // Lists users (gsi1) and deletes them with their login sessions and timetable entries (whose division's lab
  // counts it decrements: UpdateItem); resets a password and unlocks an account (PutItem). Invitation runs: the
  // students' accounts read (BatchGetItem), the run and its outbox written (PutItem, BatchWriteItem).
  user: {
    actions: ['GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem'],
    queriesIndex: true,
    // The timetable entries (and labs counts) of a deleted faculty member sit in their term's partition.
    writesTo: [...SIGN_IN, SET_PASSWORD_LINKS, TERMS, partitionsOf(invitationRun('r'))],
  },
  // Terms are never deleted; DeleteItem is for the caller's own login session (docs/security.md, idle sessions).
  term: {
    actions: ['GetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem', 'ConditionCheckItem'],
    queriesIndex: false,
    writesTo: COLLEGE_DATA,
  },
  semester: STRUCTURE,
  division: STRUCTURE,
  batch: STRUCTURE,
  course: STRUCTURE,
  slot: STRUCTURE,
  // Students are changed by transactions (the student item updated, its list entry put and deleted). The import reads
  // enrollment claims and students in batches, and may create divisions and batches.
  student: {
    actions: ['GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem', 'ConditionCheckItem'],
    queriesIndex: true,
    // A student's sign-in follows their record's email: their account's email claim moves with it.
    writesTo: [...COLLEGE_DATA, partitionsOf(emailClaim('e'))],
  },
  // Marks a class session once and corrects it, each in a transaction: puts of the class session and its history, and an
  // UpdateItem (ADD) of its summary's shard; never deletes. UpdateItem also: a login session's last use (docs/security.md).
  // Its class sessions, their history and summaries are in their course's partition; the settings are the college's.
  // A mark applies approved leave: it checks the group's day of leave (ConditionCheckItem) and notes the class on each leave.
  attendance: {
    actions: ['GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem', 'ConditionCheckItem'],
    queriesIndex: true,
    writesTo: [LOGIN_SESSIONS, COURSES, SETTINGS, ...LEAVE_PARTITIONS, ...CHECK_IN_PARTITIONS],
  },
  // Timetable entries: added and deleted by transactions (with a counter of each division's labs), never scanned.
  timetable: {
    actions: ['GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem', 'ConditionCheckItem'],
    queriesIndex: false,
    // The entries and labs counts in the term's partition, each faculty member's copy in theirs.
    writesTo: [LOGIN_SESSIONS, TERMS],
  },
  // Reads the summaries, students (a division's on gsi1), structure and class sessions; writes only the caller's login session's last use.
  // PutItem: the audit entry of a read of a student's record by staff or a guardian.
  report: { actions: ['GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem'], queriesIndex: true, writesTo: [LOGIN_SESSIONS] },
  // Leave applications (gsi1 lists them), each student's lock and each group's days of leave; an approval or a
  // revocation corrects class sessions in transactions (their course's partition, as attendance does).
  leave: {
    actions: ['GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem'],
    queriesIndex: true,
    writesTo: [LOGIN_SESSIONS, COURSES, ...LEAVE_PARTITIONS],
  },
  // A student's data on request and erasure (docs/product.md §2.21): it reads every kind of a student's items (check-ins,
  // alerts and the trail's pointers on gsi1); a data request is the student's one item; erasure removes the record with
  // its claims, their account (email claim, login sessions) and guardians' links, leave, check-ins, and renames their
  // marks in their courses' class sessions, history and summaries (UpdateItem), and their entries in the trail.
  privacy: {
    actions: ['GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem'],
    queriesIndex: true,
    writesTo: [...COLLEGE_DATA, partitionsOf(emailClaim('e')), DATA_REQUEST_PARTITIONS, ...LEAVE_PARTITIONS, ...CHECK_IN_PARTITIONS],
  },
};

/** Every resource writes audit entries (docs/product.md §2.19): with its changes, and of reads of a person's data. */
export const TABLE_ACCESS: Readonly<Record<Resource, TableAccess>> = Object.fromEntries(
  Object.entries(RESOURCE_ACCESS).map(([name, access]) => [name, { ...access, writesTo: [...access.writesTo, AUDIT_PARTITIONS] }]),
) as unknown as Record<Resource, TableAccess>;
