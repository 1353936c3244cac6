/** The kinds of node in the academic structure (functions/lib/repositories/structure.ts). */
export type Kind = 'term' | 'semester' | 'division' | 'batch' | 'course' | 'slot';
