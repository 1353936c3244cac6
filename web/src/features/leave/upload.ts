import { ATTACHMENT_TYPES, LEAVE_MESSAGES, MAX_ATTACHMENT_BYTES, type AttachmentType } from '@shared/schemas/leave';
import { ApiError, callRoute, NETWORK_ERROR } from '@web/lib/api-client';

/*
 * An application's attachment goes straight to the college's file storage, not through the API: the API
 * hands out a one-time upload form (POST leave/student/{id}/attachment), the browser posts the file with it,
 * and the application then names the upload.
 */

/** Some phones give a HEIC photo no type: its name's ending then says what it is. */
const TYPE_BY_ENDING: Record<string, AttachmentType> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  heic: 'image/heic',
  pdf: 'application/pdf',
};

/** What the file input offers: the types, and the endings of those a device may not name. */
export const ACCEPTED_FILES = [...ATTACHMENT_TYPES, '.heic', '.pdf'].join(',');

/** The file's type if it may be attached, else null. */
export function attachmentType(file: File): AttachmentType | null {
  const named = ATTACHMENT_TYPES.find((type) => type === file.type);
  if (named) return named;
  if (file.type && file.type !== 'application/octet-stream') return null;
  return TYPE_BY_ENDING[file.name.split('.').pop()?.toLowerCase() ?? ''] ?? null;
}

/** Why the file cannot be attached (its type, its size), or null when it can. */
export function attachmentProblem(file: File): string | null {
  if (!attachmentType(file)) return LEAVE_MESSAGES.fileType;
  if (file.size > MAX_ATTACHMENT_BYTES || file.size === 0) return LEAVE_MESSAGES.fileSize;
  return null;
}

/** The name the API keeps (at most 200 characters). */
const keptName = (name: string): string => name.trim().slice(0, 200) || 'attachment';

/**
 * Uploads the file for one student's application: the upload form's fields first, the file last (the
 * storage reads them in that order), without the app's cookie (another origin). Answers what the
 * application names.
 */
export async function uploadAttachment(studentId: string, file: File): Promise<{ uploadId: string; name: string }> {
  const name = keptName(file.name);
  const type = attachmentType(file);
  if (!type) throw new ApiError(400, LEAVE_MESSAGES.fileType);
  const { data } = await callRoute('POST /leave/student/{id}/attachment', {
    params: { id: studentId },
    body: { name, type, bytes: file.size },
  });
  const body = new FormData();
  for (const [field, value] of Object.entries(data.fields)) body.append(field, value);
  body.append('file', file, name);
  let response: Response;
  try {
    response = await fetch(data.url, { method: 'POST', body, credentials: 'omit' });
  } catch {
    throw new ApiError(0, NETWORK_ERROR);
  }
  if (!response.ok) throw new ApiError(response.status, LEAVE_MESSAGES.uploadMissing);
  return { uploadId: data.uploadId, name };
}
