import { describe, expect, it } from 'vitest';
import { splitPrice, splitRefund, type FeeSplit } from './earnings';

const rates = { platformFeePercent: 10, gstPercent: 18 };
const total = (split: FeeSplit) => split.platformFee + split.gstOnFee + split.mentorShare;

describe('splitPrice', () => {
  it('splits ₹100 into a ₹10 fee, ₹1.80 GST on it and ₹88.20 for the mentor', () => {
    expect(splitPrice(10_000, rates)).toEqual({ platformFee: 1000, gstOnFee: 180, mentorShare: 8820 });
  });

  it('rounds the fee and its GST half up at ₹999, and the three still add up to the price', () => {
    // 10% of 99,900 paise is 9,990; 18% of that is 1,798.2 → 1,798.
    const split = splitPrice(99_900, rates);
    expect(split).toEqual({ platformFee: 9990, gstOnFee: 1798, mentorShare: 88_112 });
    expect(total(split)).toBe(99_900);
  });

  it('splits ₹1,01,000 exactly', () => {
    const split = splitPrice(10_100_000, rates);
    expect(split).toEqual({ platformFee: 1_010_000, gstOnFee: 181_800, mentorShare: 8_908_200 });
    expect(total(split)).toBe(10_100_000);
  });

  it('rounds half a paisa up and always adds up, at every price from 1 paisa to ₹20', () => {
    // 10% of 5 paise is 0.5 → 1.
    expect(splitPrice(5, rates).platformFee).toBe(1);
    for (const odd of [
      { platformFeePercent: 12, gstPercent: 18 },
      rates,
      { platformFeePercent: 7, gstPercent: 5 },
    ])
      for (let price = 1; price <= 2000; price += 1) {
        const split = splitPrice(price, odd);
        expect(total(split)).toBe(price);
        expect(split.mentorShare).toBeGreaterThanOrEqual(0);
      }
  });
});

describe('splitRefund', () => {
  it('takes back half of an odd price to the paisa: the parts add up to the refund', () => {
    // ₹999.99: a mentee's half refund is 49,999 paise (refundForCancellation floors half).
    const price = 99_999;
    const split = splitPrice(price, rates);
    expect(split).toEqual({ platformFee: 10_000, gstOnFee: 1800, mentorShare: 88_199 });
    const back = splitRefund(price, split, 49_999);
    expect(total(back)).toBe(49_999);
    expect(back).toEqual({ platformFee: 5000, gstOnFee: 900, mentorShare: 44_099 });
  });

  it('takes back everything on a full refund and nothing on none', () => {
    const split = splitPrice(99_900, rates);
    expect(splitRefund(99_900, split, 99_900)).toEqual(split);
    expect(splitRefund(99_900, split, 0)).toEqual({ platformFee: 0, gstOnFee: 0, mentorShare: 0 });
  });

  it('never takes more from a part than it holds, whatever the refund', () => {
    for (const price of [1, 7, 999, 99_999, 150_000]) {
      const split = splitPrice(price, rates);
      for (let refunded = 0; refunded <= price; refunded += Math.max(1, Math.floor(price / 97))) {
        const back = splitRefund(price, split, refunded);
        expect(total(back)).toBe(refunded);
        expect(back.platformFee).toBeLessThanOrEqual(split.platformFee);
        expect(back.gstOnFee).toBeLessThanOrEqual(split.gstOnFee);
        expect(back.mentorShare).toBeLessThanOrEqual(split.mentorShare);
      }
    }
  });
});
