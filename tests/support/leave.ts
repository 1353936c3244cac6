import { expect } from 'vitest';
import type { LeaveApplication } from '@shared/answers/leave';
import type { LeaveApplicationInput } from '@shared/schemas/leave';
import type { TestStack } from './stack';

/** Leave applications through the API of the fixture's stack (read when called: it starts before the tests). */
export function leaveApi(t: { stack: TestStack }) {
  return {
    apply: (cookie: string, studentid: string, body: Partial<LeaveApplicationInput> & Record<string, unknown>) =>
      t.stack.api('POST /leave/student/{id}', { params: { id: studentid }, cookie, body: body as LeaveApplicationInput }),
    /** POST leave/student/{id}, failing the test on anything but 201. */
    async applied(
      cookie: string,
      studentid: string,
      body: Partial<LeaveApplicationInput> & Record<string, unknown>,
    ): Promise<LeaveApplication> {
      const result = await this.apply(cookie, studentid, body);
      expect(result.status, result.body.message).toBe(201);
      return result.body.data;
    },
    decide: (cookie: string, leave: Pick<LeaveApplication, '_id' | 'version'>, decision: 'approve' | 'reject', comment?: string) =>
      t.stack.api('POST /leave/{id}/decision', {
        params: { id: leave._id },
        cookie,
        body: { decision, version: leave.version, ...(comment ? { comment } : {}) },
      }),
    withdraw: (cookie: string, leave: Pick<LeaveApplication, '_id' | 'version'>) =>
      t.stack.api('POST /leave/{id}/withdraw', { params: { id: leave._id }, cookie, body: { version: leave.version } }),
    revoke: (cookie: string, leave: Pick<LeaveApplication, '_id' | 'version'>, comment = 'Certificate was not genuine') =>
      t.stack.api('POST /leave/{id}/revoke', { params: { id: leave._id }, cookie, body: { comment, version: leave.version } }),
    detail: (cookie: string, id: string) => t.stack.api('GET /leave/{id}', { params: { id }, cookie }),
    list: (cookie: string, query: Record<string, string> = {}) => t.stack.api('GET /leave', { cookie, query }),
    coordinate: (cookie: string, divisionid: string, coordinators: string[]) =>
      t.stack.api('PATCH /division/{id}/coordinators', { params: { id: divisionid }, cookie, body: { coordinators } }),
  };
}
