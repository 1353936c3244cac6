/** What deleting a semester, division, batch or course removes besides itself (GET <kind>/{id}/dependents, and DELETE's answer). */
export interface Dependents {
  divisions: number;
  batches: number;
  students: number;
  courses: number;
  attendance: number;
}

/** DELETE <kind>/{id}: the deleted item's id and what went with it. */
export interface DeletedTree {
  _id: string;
  deleted: Dependents;
}
