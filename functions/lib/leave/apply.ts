import { addDays, todayIn } from '@shared/dates';
import {
  BLOCKING_STATUSES,
  LEAVE_MESSAGES as M,
  type LeaveApplicationInput,
  type AttachmentType,
  ATTACHMENT_TYPES,
  MAX_ATTACHMENT_BYTES,
} from '@shared/schemas/leave';
import type { CollegeSettings } from '@shared/schemas/settings';
import { attachmentInfo, claimAttachment } from '../attachments/storage';
import { Conflict, Invalid, NotFound } from '../domain-errors';
import { leaveId, newLeaveRef, type LeaveRecord } from '../entities/leave';
import type { CurrentUser } from '../http/types';
import { leavesOfStudent, storeApplication } from '../repositories/leaves';
import { getSettings } from '../repositories/settings';
import { getStudent } from '../repositories/students';
import { listChildren } from '../repositories/structure';

/** Days from `from` to `to`, both counted. */
export const daysOf = (from: string, to: string): number =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;

/** Where a student's upload waits until an application claims it (unclaimed ones expire: infra/constructs/attachments-bucket.ts). */
export const uploadKey = (studentid: string, uploadId: string) => `uploads/${studentid}/${uploadId}`;

/** Whether two applications share a class: overlapping days, and (when both chose classes) a chosen class in common. */
function overlaps(a: Pick<LeaveRecord, 'from' | 'to' | 'classes'>, b: Pick<LeaveRecord, 'from' | 'to' | 'classes'>): boolean {
  if (a.to < b.from || b.to < a.from) return false;
  if (!a.classes || !b.classes) return true;
  return a.classes.some((one) =>
    b.classes!.some(
      (other) =>
        one.date === other.date && one.slotid === other.slotid && one.courseid === other.courseid && one.classKind === other.classKind,
    ),
  );
}

/**
 * A new application (docs/product.md §2.17), checked against the college's rules (its kinds, their longest leave and
 * when a certificate is required, how far back leave may start) and the student's other applications: one that
 * overlaps a pending or approved one is refused naming it. Stored under the student's lock, so of two overlapping
 * applications sent at once one is stored and the other refused.
 */
export async function applyForLeave(studentid: string, input: LeaveApplicationInput, user: CurrentUser): Promise<LeaveRecord> {
  const [student, settings] = await Promise.all([getStudent(studentid), getSettings()]);
  if (!student) throw new NotFound(M.studentNotFound);
  const kind = checkRules(input, settings);
  if (input.classes) await checkChosenCourses(input, student.semid);
  const attachment = input.attachment ? await checkedUpload(studentid, input.attachment) : undefined;

  for (let attempt = 0; attempt < 5; attempt++) {
    const { records, lockVersion } = await leavesOfStudent(studentid);
    const other = records.find((record) => BLOCKING_STATUSES.includes(record.status) && overlaps(record, input));
    if (other) throw new Conflict(M.overlaps(other.ref, other.from, other.to, other.status));
    const ref = newLeaveRef();
    const record: LeaveRecord = {
      _id: leaveId({ studentid, ref }),
      ref,
      version: 1,
      studentid,
      student: { name: student.name, enrollment: student.enrollment },
      divisionid: student.divisionid,
      batchid: student.batchid,
      semid: student.semid,
      kind: kind.name,
      countsAs: kind.countsAs,
      from: input.from,
      to: input.to,
      ...(input.classes ? { classes: input.classes } : {}),
      reason: input.reason,
      ...(attachment ? { attachment: { ...attachment, key: `leave/${studentid}/${ref}/${input.attachment!.uploadId}` } } : {}),
      status: 'pending',
      history: [{ action: 'applied', at: new Date().toISOString(), by: { _id: user._id, username: user.username, role: user.role } }],
      applied: {},
      applying: false,
    };
    if (record.attachment) await claimAttachment(uploadKey(studentid, input.attachment!.uploadId), record.attachment.key);
    if (await storeApplication(record, lockVersion)) return record;
  }
  throw new Conflict(M.changed);
}

function checkRules(input: LeaveApplicationInput, settings: CollegeSettings) {
  const kind = settings.leaveKinds.find((one) => one.name.toLowerCase() === input.kind.toLowerCase());
  if (!kind) throw new Invalid(M.unknownKind(settings.leaveKinds.map((one) => one.name)));
  const days = daysOf(input.from, input.to);
  if (days > kind.maxDays) throw new Invalid(M.tooLong(kind.name, kind.maxDays));
  const earliest = addDays(todayIn(settings.timeZone), -settings.leaveBackDays);
  if (input.from < earliest) throw new Invalid(M.tooFarBack(settings.leaveBackDays, earliest));
  if (kind.certificateOverDays !== null && days > kind.certificateOverDays && !input.attachment) {
    throw new Invalid(M.certificateNeeded(kind.name, kind.certificateOverDays));
  }
  return kind;
}

async function checkChosenCourses(input: LeaveApplicationInput, semid: string): Promise<void> {
  const courses = new Set((await listChildren('course', semid)).map((course) => course._id));
  if (input.classes!.some((one) => !courses.has(one.courseid))) throw new Invalid(M.classes);
}

/** The upload as storage has it: present, and of a type and size the policy allowed (checked again here). */
async function checkedUpload(studentid: string, attachment: { uploadId: string; name: string }) {
  const info = await attachmentInfo(uploadKey(studentid, attachment.uploadId));
  if (!info) throw new Invalid(M.uploadMissing);
  if (!ATTACHMENT_TYPES.includes(info.contentType as AttachmentType) || info.bytes > MAX_ATTACHMENT_BYTES)
    throw new Invalid(M.uploadInvalid);
  return { name: attachment.name, type: info.contentType as AttachmentType, bytes: info.bytes };
}
