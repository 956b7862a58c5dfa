import { z } from 'zod';
import { msg } from './i18n/msg';

/**
 * Where a mentor's earnings go (DESIGN.md §4b "Earnings, payouts, receipts"): a UPI ID or an Indian bank
 * account. The formats are checked as the mentor types and again by the api, by these schemas alone; what
 * is shown back never holds more than the last four digits of an account.
 */

export const payoutMethodMessages = {
  vpaFormat: msg('Enter a UPI ID like name@bank'),
  ifscFormat: msg('Enter an IFSC like HDFC0001234: four letters, a zero, then six letters or digits'),
  accountNumberFormat: msg('Enter the account number: 9 to 18 digits'),
  accountName: msg('Enter the name on the account'),
} as const;

/** `name@bank`: the handle (letters, digits, `.`, `-`, `_`) and the bank's PSP handle (letters first). */
const VPA = /^[a-zA-Z0-9._-]{2,256}@[a-zA-Z][a-zA-Z0-9.-]{1,63}$/;
/** RBI's IFSC: the bank's four letters, a reserved zero, the branch's six letters or digits. */
const IFSC = /^[A-Z]{4}0[A-Z0-9]{6}$/;
const ACCOUNT_NUMBER = /^\d{9,18}$/;

export const vpaSchema = z.string().trim().regex(VPA, payoutMethodMessages.vpaFormat);
/** Read in capitals whatever was typed (banks print IFSCs in capitals; people type them either way). */
export const ifscSchema = z
  .string()
  .trim()
  .transform((value) => value.toUpperCase())
  .pipe(z.string().regex(IFSC, payoutMethodMessages.ifscFormat));
/** Digits only; the spaces people type between groups are dropped first. */
export const accountNumberSchema = z
  .string()
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(ACCOUNT_NUMBER, payoutMethodMessages.accountNumberFormat));

export const upiMethodSchema = z.strictObject({ type: z.literal('upi'), vpa: vpaSchema });
export const bankMethodSchema = z.strictObject({
  type: z.literal('bank'),
  accountName: z.string().trim().min(2, payoutMethodMessages.accountName).max(100),
  accountNumber: accountNumberSchema,
  ifsc: ifscSchema,
});

/** `PUT /api/earnings/payout-method`'s body. */
export const payoutMethodBodySchema = z.discriminatedUnion('type', [upiMethodSchema, bankMethodSchema]);
export type PayoutMethodBody = z.infer<typeof payoutMethodBodySchema>;

/** A payout method as it is shown back: never a whole account number. */
export type PayoutMethodShown =
  { type: 'upi'; vpa: string } | { type: 'bank'; accountName: string; accountLast4: string; ifsc: string };

/** The last four digits of an account number, the only part ever shown back. */
export const lastFour = (accountNumber: string): string => accountNumber.slice(-4);

/**
 * A UPI ID as shown back: the first two characters of the handle and the bank, so the mentor recognises it
 * and a screen over their shoulder does not give it away ("ra•••@okicici").
 */
export function maskedVpa(vpa: string): string {
  const at = vpa.lastIndexOf('@');
  return `${vpa.slice(0, Math.min(2, at))}•••${vpa.slice(at)}`;
}

/** What is kept and shown of a method once saved. */
export function shownPayoutMethod(method: PayoutMethodBody): PayoutMethodShown {
  return method.type === 'upi'
    ? { type: 'upi', vpa: maskedVpa(method.vpa) }
    : {
        type: 'bank',
        accountName: method.accountName,
        accountLast4: lastFour(method.accountNumber),
        ifsc: method.ifsc,
      };
}

/** A saved method as people read it: "UPI ra•••@okicici", "Bank account ••••6789, HDFC0001234 (Asha Rao)". */
export function payoutMethodInWords(method: PayoutMethodShown): string {
  return method.type === 'upi'
    ? msg('UPI {vpa}', { vpa: method.vpa })
    : msg('Bank account ••••{last4}, {ifsc} ({name})', {
        last4: method.accountLast4,
        ifsc: method.ifsc,
        name: method.accountName,
      });
}
