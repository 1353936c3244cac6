import type { CheckInBurstResult } from './sections/check-in';
import type { ColdStartRow } from './sections/cold-start';
import type { CostRow } from './sections/cost';
import type { FamilyBurstResult } from './sections/family';
import type { ImportRow } from './sections/import';
import type { InvitationsResult } from './sections/invitations';
import type { LighthouseRow } from './sections/lighthouse';
import type { LoadResult } from './sections/load';
import type { OneGroupResult } from './sections/one-group';
import type { OverheadRow } from './sections/overhead';
import type { ReportsRow } from './sections/reports';
import type { ScaleRow } from './sections/scale';
import type { WebSizes } from './sections/web';

/** One bench run's figures, by section (tests/bench/run.ts measures them, report.ts renders them). */
export interface BenchResults {
  machine: { cpus: number; cpu: string; memoryGiB: number; node: string; date: string };
  command: string;
  /** Runs of some sections since the whole run (`npm run bench -- one-group`): their figures replaced that run's. */
  remeasured?: { command: string; date: string; seconds: number }[];
  seconds?: number;
  /** The wall time of one `npm test` on this machine the same day (SAMS_NPM_TEST_SECONDS): the bench does not run the suite. */
  npmTestSeconds?: number;
  overhead?: OverheadRow[];
  coldStart?: ColdStartRow[];
  cost?: CostRow[];
  scale?: ScaleRow[];
  reports?: ReportsRow[];
  import?: ImportRow[];
  invitations?: InvitationsResult;
  family?: FamilyBurstResult;
  checkIn?: CheckInBurstResult;
  load?: LoadResult;
  oneGroup?: OneGroupResult;
  lighthouse?: LighthouseRow[];
  web?: WebSizes;
}
