/** What deleting a semester, division, batch or course removes (its answers: shared/answers/dependents.ts). */
export type { DeletedTree, Dependents } from '../answers/dependents';
