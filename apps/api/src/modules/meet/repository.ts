import { asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { bookings, meetingMessages, users, type BookingRow, type MeetingMessageRow } from '../../db/schema';

export interface RoomPerson {
  id: string;
  name: string;
  avatar: string | null;
}

export type RoomBooking = Pick<
  BookingRow,
  'id' | 'roomId' | 'mentorId' | 'menteeId' | 'startTime' | 'endTime' | 'status'
> & { mentor: RoomPerson; mentee: RoomPerson };

const mentor = alias(users, 'mentor');
const mentee = alias(users, 'mentee');

/** The booking of a room, with its two people; undefined for no such room. */
export async function findRoomBooking(db: Executor, roomId: string): Promise<RoomBooking | undefined> {
  const [row] = await db
    .select({
      id: bookings.id,
      roomId: bookings.roomId,
      mentorId: bookings.mentorId,
      menteeId: bookings.menteeId,
      startTime: bookings.startTime,
      endTime: bookings.endTime,
      status: bookings.status,
      mentor: { id: mentor.id, name: mentor.name, avatar: mentor.avatar },
      mentee: { id: mentee.id, name: mentee.name, avatar: mentee.avatar },
    })
    .from(bookings)
    .innerJoin(mentor, eq(mentor.id, bookings.mentorId))
    .innerJoin(mentee, eq(mentee.id, bookings.menteeId))
    .where(eq(bookings.roomId, roomId))
    .limit(1);
  return row;
}

/** A booking's chat, oldest first (the id breaks a tie of two messages in one microsecond). */
export async function listMessages(db: Executor, bookingId: string): Promise<MeetingMessageRow[]> {
  return db
    .select()
    .from(meetingMessages)
    .where(eq(meetingMessages.bookingId, bookingId))
    .orderBy(asc(meetingMessages.sentAt), asc(meetingMessages.id));
}

/** Stamped by the database (microseconds, in order of arrival), so two quick messages never tie in the history. */
export async function insertMessage(
  db: Executor,
  values: { bookingId: string; fromId: string; text: string },
): Promise<MeetingMessageRow> {
  const [row] = await db.insert(meetingMessages).values(values).returning();
  if (row === undefined) throw new Error('no meeting message row');
  return row;
}
