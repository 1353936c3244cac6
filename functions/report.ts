import { REPORT_MESSAGES as M } from '@shared/schemas/reports';
import { REPORT_REQUESTS } from '@shared/requests/report';
import { resource } from './lib/http/resource';
import { defaulterList } from './lib/reports/defaulters';
import { studentRecord } from './lib/reports/student-record';
import { studentStanding } from './lib/reports/student-standing';

/**
 * Report resource (docs/product.md §2.12): the defaulter list of a semester, division or batch, and
 * one student's record and standing; both read the attendance summaries (docs/data-model.md).
 */
export const handler = resource('report', REPORT_REQUESTS, {
  'GET /report/defaulters': async ({ query }) => {
    const report = await defaulterList(query);
    return { data: report, message: report.students.length ? M.defaulters : M.noStudents };
  },

  'GET /report/student/{id}': async ({ params, query }) => ({
    data: await studentRecord(params.id, query),
    message: M.record,
  }),

  'GET /report/student/{id}/standing': async ({ params }) => ({ data: await studentStanding(params.id), message: M.standing }),
});
