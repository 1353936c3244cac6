import type { StaffRole } from '@shared/constants';

/** Seeded by the local stack only (DEMO_MODE=1); a deployed stack has no demo accounts. */
export const DEMO_ACCOUNTS: readonly { username: string; email: string; password: string; role: StaffRole }[] = [
  { username: 'Demo Admin', email: 'admin@sams.local', password: 'Admin@12345', role: 'admin' },
  { username: 'Demo Faculty', email: 'faculty@sams.local', password: 'Faculty@12345', role: 'faculty' },
  { username: 'Demo Faculty 2', email: 'faculty2@sams.local', password: 'Faculty@12345', role: 'faculty' },
];

export const isDemoMode = (): boolean => process.env.DEMO_MODE === '1';

/** The demo student and guardian (no password: they sign in by an emailed link, caught by the local mail inbox). */
export const DEMO_FAMILY = {
  student: { enrollment: '25CE001', email: 'student@sams.local' },
  guardian: { name: 'Demo Guardian', relation: 'Mother', email: 'guardian@sams.local', children: ['25CE001', '25CE002'] },
} as const;
