import { describe, expect, it } from 'vitest';
import { bookingMessages, reviewMessages } from '@skillroute/shared/bookings';
import { AppError } from '../../lib/errors';
import { assertReviewable, reviewReceivedNotice } from './rules';

const booking = { mentorId: 'mentor', menteeId: 'mentee', status: 'completed' as const };

function refusal(run: () => void): { code: string; message: string } | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { code: error.code, message: error.message };
  }
}

describe('assertReviewable', () => {
  it('lets the mentee review a completed session', () => {
    expect(refusal(() => assertReviewable(booking, 'mentee'))).toBeUndefined();
  });

  it('answers a stranger as for no booking, the mentor with 403, and the mentee with 409 before completion', () => {
    expect(refusal(() => assertReviewable(undefined, 'mentee'))).toEqual({
      code: 'not_found',
      message: bookingMessages.notFound,
    });
    expect(refusal(() => assertReviewable(booking, 'someone'))).toEqual({
      code: 'not_found',
      message: bookingMessages.notFound,
    });
    expect(refusal(() => assertReviewable(booking, 'mentor'))).toEqual({
      code: 'forbidden',
      message: reviewMessages.notReviewable,
    });
    for (const status of [
      'pending_payment',
      'confirmed',
      'expired',
      'payment_failed',
      'cancelled',
    ] as const) {
      expect(refusal(() => assertReviewable({ ...booking, status }, 'mentee'))).toEqual({
        code: 'conflict',
        message: reviewMessages.notReviewable,
      });
    }
  });
});

describe('reviewReceivedNotice', () => {
  it("tells the mentor who rated how many stars, and leads to the mentor's profile", () => {
    expect(reviewReceivedNotice({ mentorId: 'm1', menteeName: 'Asha', rating: 1 })).toEqual({
      type: 'review_received',
      message: 'Asha rated your session 1 star.',
      link: '/mentor-profile/m1',
    });
    expect(reviewReceivedNotice({ mentorId: 'm1', menteeName: 'Asha', rating: 5 }).message).toBe(
      'Asha rated your session 5 stars.',
    );
  });
});
