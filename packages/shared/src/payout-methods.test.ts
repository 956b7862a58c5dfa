import { describe, expect, it } from 'vitest';
import { payoutMethodBodySchema, payoutMethodMessages, shownPayoutMethod } from './payout-methods';

const firstMessage = (body: unknown) => {
  const parsed = payoutMethodBodySchema.safeParse(body);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
};

describe('a payout method', () => {
  it('takes a UPI ID as name@bank, and shows back only its first two characters and the bank', () => {
    for (const vpa of ['ravi@okicici', 'ravi.kumar-92@ybl', 'r_k@paytm']) {
      const parsed = payoutMethodBodySchema.parse({ type: 'upi', vpa: ` ${vpa} ` });
      expect(parsed).toEqual({ type: 'upi', vpa });
    }
    expect(shownPayoutMethod({ type: 'upi', vpa: 'ravi@okicici' })).toEqual({
      type: 'upi',
      vpa: 'ra•••@okicici',
    });
    for (const vpa of ['ravi', 'ravi@', '@okicici', 'ravi@1bank', 'ra vi@okicici', 'r@okicici'])
      expect(firstMessage({ type: 'upi', vpa }), vpa).toBe(payoutMethodMessages.vpaFormat);
  });

  it('takes a bank account of 9 to 18 digits with an IFSC in capitals, and shows back only the last four digits', () => {
    const parsed = payoutMethodBodySchema.parse({
      type: 'bank',
      accountName: 'Ravi Kumar',
      accountNumber: '5010 0123 4567 89',
      ifsc: 'hdfc0001234',
    });
    expect(parsed).toEqual({
      type: 'bank',
      accountName: 'Ravi Kumar',
      accountNumber: '50100123456789',
      ifsc: 'HDFC0001234',
    });
    const shown = shownPayoutMethod(parsed);
    expect(shown).toEqual({
      type: 'bank',
      accountName: 'Ravi Kumar',
      accountLast4: '6789',
      ifsc: 'HDFC0001234',
    });
    expect(JSON.stringify(shown)).not.toContain('50100123');
  });

  it('refuses an account number of the wrong length or with letters, and an IFSC without its zero', () => {
    const bank = { type: 'bank', accountName: 'Ravi Kumar', accountNumber: '123456789', ifsc: 'HDFC0001234' };
    expect(firstMessage(bank)).toBeUndefined();
    for (const accountNumber of ['12345678', '1234567890123456789', '12345678A'])
      expect(firstMessage({ ...bank, accountNumber }), accountNumber).toBe(
        payoutMethodMessages.accountNumberFormat,
      );
    for (const ifsc of ['HDFC1001234', 'HDF00001234', 'HDFC000123', 'HDFC0001234X'])
      expect(firstMessage({ ...bank, ifsc }), ifsc).toBe(payoutMethodMessages.ifscFormat);
    expect(firstMessage({ ...bank, accountName: ' ' })).toBe(payoutMethodMessages.accountName);
  });

  it('refuses another type, and a field that belongs to none', () => {
    expect(payoutMethodBodySchema.safeParse({ type: 'paypal', email: 'a@b.c' }).success).toBe(false);
    expect(payoutMethodBodySchema.safeParse({ type: 'upi', vpa: 'ravi@okicici', pin: '1234' }).success).toBe(
      false,
    );
  });
});
