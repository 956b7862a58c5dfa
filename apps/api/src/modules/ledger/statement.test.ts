import { describe, expect, it } from 'vitest';
import { inertCell, statementCsv, statementWindow } from './statement';

describe('the statement', () => {
  it('writes as text a cell a spreadsheet would run as a formula, and nothing else', () => {
    for (const risky of ['=1+1', '+91 98', '-2', '@SUM(A1)', '\tx', '\rx'])
      expect(inertCell(risky)).toBe(`'${risky}`);
    for (const plain of ['Asha', 'O’Neil', '1+1=2', '']) expect(inertCell(plain)).toBe(plain);
  });

  it('covers whole days of the mentor’s calendar, the short and the long day of a DST change included', () => {
    // New York moved its clocks back on 1 November 2026: that day was 25 hours long.
    expect(statementWindow({ from: '2026-11-01', to: '2026-11-01' }, 'America/New_York')).toEqual({
      from: new Date('2026-11-01T04:00:00Z'),
      to: new Date('2026-11-02T05:00:00Z'),
    });
    expect(statementWindow({ from: '2026-04-01', to: '2027-03-31' }, 'Asia/Kolkata')).toEqual({
      from: new Date('2026-03-31T18:30:00Z'),
      to: new Date('2027-03-31T18:30:00Z'),
    });
  });

  it('lists sessions oldest first, with only a header when there are none', () => {
    const session = (bookingId: string, startTime: string) => ({
      bookingId,
      startTime,
      mentee: { name: 'Asha' },
      price: 100_000,
      platformFee: 10_000,
      gstOnFee: 1_800,
      net: 88_200,
      status: 'completed',
    });
    const csv = statementCsv(
      [session('b2', '2026-11-20T09:00:00.000Z'), session('b1', '2026-11-19T18:45:00.000Z')],
      'Asia/Kolkata',
    );
    expect(csv.split('\r\n')).toEqual([
      'Date,Time,Booking,Mentee,Status,Price (INR),Platform fee (INR),GST on fee (INR),Net (INR)',
      '2026-11-20,00:15,b1,Asha,completed,1000.00,100.00,18.00,882.00',
      '2026-11-20,14:30,b2,Asha,completed,1000.00,100.00,18.00,882.00',
      '',
    ]);
    expect(statementCsv([], 'UTC').split('\r\n')).toHaveLength(2);
  });
});
