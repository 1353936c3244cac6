import { describe, expect, it } from 'vitest';
import { GUARDIAN_COLUMNS } from '@shared/schemas/guardians';
import type { Student } from '@shared/schemas/structure';
import { errorRowsCsv, exportStudentsCsv, parseStudentsCsv } from '@web/features/admin/student-import';
import { mockApi } from './support/fake-api';
import { AARAV, DIYA } from './support/fixtures';

/** The guardian columns of a student CSV: read when the file has them (only then), kept in the error rows, and exported. */
const BASE = 'enrollment,name,email,semester,division,batch';
const rowsOf = async (text: string) => {
  const parsed = await parseStudentsCsv(text);
  if ('error' in parsed) throw new Error(parsed.error);
  return parsed.rows;
};

describe('student CSV: guardian columns', () => {
  it('reads the guardian columns a file has, in any order and case, and sends none for a file without them', async () => {
    const rows = await rowsOf(
      `${BASE},Guardian1_Relation,guardian1_name,guardian1_phone\n` +
        'G1,Kiran,k@college.test,Semester 3,Division 1,Batch 1A,Mother,Asha Rao, 98200 12345 \n' +
        'G2,Meena,m@college.test,Semester 3,Division 1,Batch 1A,,,\n',
    );
    expect(rows[0]).toMatchObject({ guardian1_name: 'Asha Rao', guardian1_relation: 'Mother', guardian1_phone: '98200 12345' });
    expect(rows[1]).toMatchObject({ guardian1_name: '', guardian1_relation: '', guardian1_phone: '' });
    // Columns the file lacks are not sent: the server then leaves that part as it is.
    expect(rows[0]).not.toHaveProperty('guardian2_name');
    expect(rows[0]).not.toHaveProperty('guardian1_email');

    const plain = await rowsOf(`${BASE}\nG3,Ravi,r@college.test,Semester 3,Division 1,Batch 1A\n`);
    expect(Object.keys(plain[0]!).sort()).toEqual(['batch', 'division', 'email', 'enrollment', 'name', 'row', 'semester']);
  });

  it('keeps the file’s guardian columns in the error rows, and adds none to a file without them', async () => {
    const rows = await rowsOf(
      `${BASE},guardian1_name,guardian1_relation\nG1,Kiran,k@college.test,Semester 3,Division 1,Batch 1A,Asha,Aunt\n`,
    );
    const error = { row: 2, outcome: 'error' as const, message: 'Guardian 1: wrong', studentId: null };
    expect(
      errorRowsCsv(rows, [error])
        .replace(/^\uFEFF/, '')
        .split('\r\n')[0],
    ).toBe(`${BASE},guardian1_name,guardian1_relation,row,error`);
    const plain = await rowsOf(`${BASE}\nG3,Ravi,r@college.test,Semester 3,Division 1,Batch 1A\n`);
    expect(
      errorRowsCsv(plain, [error])
        .replace(/^\uFEFF/, '')
        .split('\r\n')[0],
    ).toBe(`${BASE},row,error`);
  });

  it('exports every guardian column, filled for the students who have guardians', async () => {
    const withGuardians: Student = {
      ...AARAV,
      guardians: [
        { name: 'Asha Patel', relation: 'Mother', email: 'asha@example.com' },
        { name: 'Ravi Patel', relation: 'Father', phone: '+91 98200 12345' },
      ],
    };
    mockApi({ 'GET /student/b1': { data: [withGuardians, DIYA] } });
    const csv = await exportStudentsCsv({
      level: 'batch',
      semester: { name: 'Semester 3' },
      division: { name: 'Division 1' },
      batch: { id: 'b1', name: 'Batch 1A' },
    });
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toEqual([
      `${BASE},${GUARDIAN_COLUMNS.join(',')}`,
      "25CE001,Aarav Patel,aarav@college.test,Semester 3,Division 1,Batch 1A,Asha Patel,Mother,asha@example.com,,Ravi Patel,Father,,'+91 98200 12345",
      '25CE002,Diya Shah,diya@college.test,Semester 3,Division 1,Batch 1A,,,,,,,,',
    ]);
    // A phone starting with + is written '+… so that a spreadsheet does not read a formula; the import reads it back as +….
    const [back] = await rowsOf(csv);
    expect(back).toMatchObject({ guardian1_email: 'asha@example.com', guardian2_phone: "'+91 98200 12345", guardian2_email: '' });
  });
});
