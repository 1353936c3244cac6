/** What deleting a semester, division, batch or course removes besides itself (GET <kind>/{id}/dependents, and DELETE's answer). */
export interface Dependents {
  divisions: number;
  batches: number;
  students: number;
  courses: number;
  attendance: number;
}
