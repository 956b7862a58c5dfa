import type { Booking } from '@skillroute/shared/bookings';

/** Ids and a booking as the api sends them, for the booking tests. */
export const MENTOR_ID = '0b7c2e7e-1d7e-4f57-9a53-2f0f7d3c1a11';
export const MENTEE_ID = '5d0f6a3e-2c1b-4a8e-9f7d-3e2b1c0a9f88';
export const BOOKING_ID = '9a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

export function aBooking(changes: Partial<Booking> = {}): Booking {
  return {
    id: BOOKING_ID,
    mentorId: MENTOR_ID,
    menteeId: MENTEE_ID,
    mentor: { id: MENTOR_ID, name: 'Ada Lovelace', avatar: null },
    mentee: { id: MENTEE_ID, name: 'Grace Hopper', avatar: null },
    startTime: '2026-12-01T04:30:00.000Z',
    endTime: '2026-12-01T05:30:00.000Z',
    status: 'confirmed',
    amount: 150_000,
    currency: 'INR',
    holdExpiresAt: '2026-11-23T09:15:00.000Z',
    roomId: 'room-1',
    rescheduleCount: 0,
    previousStartTimes: [],
    ...changes,
  };
}
