import { describe, expect, it } from 'vitest';
import { payeeAccountKey } from './payment-provider';

describe('payeeAccountKey', () => {
  const payee = { mentorId: 'm1', name: 'Ravi', email: 'ravi@example.org' };
  const bank = {
    type: 'bank',
    accountName: 'Ravi',
    accountNumber: '001234567890',
    ifsc: 'HDFC0001234',
  } as const;

  it('is the same for the same mentor and destination, however the IFSC or UPI ID is cased', () => {
    expect(payeeAccountKey({ payee, destination: bank })).toBe(
      payeeAccountKey({ payee, destination: { ...bank, ifsc: 'hdfc0001234' } }),
    );
    expect(payeeAccountKey({ payee, destination: { type: 'upi', vpa: 'Ravi@okhdfc' } })).toBe(
      payeeAccountKey({ payee, destination: { type: 'upi', vpa: 'ravi@okhdfc' } }),
    );
  });

  it('differs for a changed destination or another mentor, and never contains the account number', () => {
    const key = payeeAccountKey({ payee, destination: bank });
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(payeeAccountKey({ payee, destination: { ...bank, accountNumber: '001234567891' } })).not.toBe(key);
    expect(payeeAccountKey({ payee: { ...payee, mentorId: 'm2' }, destination: bank })).not.toBe(key);
    expect(payeeAccountKey({ payee, destination: { type: 'upi', vpa: 'ravi@okhdfc' } })).not.toBe(key);
  });
});
