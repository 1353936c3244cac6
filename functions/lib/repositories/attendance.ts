import { batchDelete } from '../batch';
import { queryAll } from '../db';

/**
 * Attendance sessions live in their course's partition:
 *   COURSE#<courseid> / ATT#<slotkind>#<date>#<slotid>#<groupid>
 * (the Attendance issue adds marking and reports).
 */
export async function deleteAttendanceOfCourse(courseid: string): Promise<number> {
  const sessions = await queryAll<{ pk: string; sk: string }>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': `COURSE#${courseid}`, ':prefix': 'ATT#' },
    ProjectionExpression: 'pk, sk',
    ConsistentRead: true,
  });
  await batchDelete(sessions.map(({ pk, sk }) => ({ pk, sk })));
  return sessions.length;
}
