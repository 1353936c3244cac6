import type { Student } from '@shared/schemas/structure';
import type { StudentItem } from '../entities/student';

/** A student as admins see them: the record's own fields, never its keys or look-alike claims. */
export const toPublicStudent = ({ _id, enrollment, name, email, batchid, guardians, dob, guardiansInformed }: StudentItem): Student => ({
  _id,
  enrollment,
  name,
  email,
  batchid,
  guardians,
  dob,
  guardiansInformed,
});
