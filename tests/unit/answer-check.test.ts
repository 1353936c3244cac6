import { describe, expect, it } from 'vitest';
import { answerProblem } from '@infra/local/answer-check';

/** The local server's check of every successful answer against its route's schema (infra/local/answer-check.ts). */
describe('answers checked against the contract', () => {
  const TERMS = { method: 'GET', path: '/term' } as const;
  const answer = (data: unknown) => Buffer.from(JSON.stringify({ data, message: 'Term list' }));
  const term = { _id: 't1', name: '2026-27', status: true, startDate: null, endDate: null };

  it('lets through an answer its schema allows', () => {
    expect(answerProblem(TERMS, 200, answer([term]))).toBeNull();
  });

  it('names a field too many (a leaked hash), a field missing and a wrong type', () => {
    expect(answerProblem(TERMS, 200, answer([{ ...term, passwordHash: 'x' }]))).toMatch(
      /GET \/term answered data its schema refuses: 0: .*passwordHash/,
    );
    expect(answerProblem(TERMS, 200, answer([{ _id: 't1', status: true }]))).toMatch(/0\.name/);
    expect(answerProblem(TERMS, 200, answer([{ ...term, status: 'yes' }]))).toMatch(/0\.status/);
  });

  it('checks only successful answers: a refusal carries null or its own data', () => {
    expect(answerProblem(TERMS, 404, answer({ anything: true }))).toBeNull();
    expect(answerProblem({ method: 'POST', path: '/auth/logout' }, 200, answer(null))).toBeNull();
    expect(answerProblem({ method: 'POST', path: '/auth/logout' }, 200, Buffer.from('<html>'))).toMatch(/not JSON/);
  });
});
