import { and, desc, eq, inArray, sql } from 'drizzle-orm';
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

/**
 * A person's first join of a confirmed session's room, at `at` by the server's clock: one UPDATE whose
 * `coalesce` keeps an earlier join, so a second tab, a reconnect or two processes at once never move it.
 */
export async function recordFirstJoin(
  db: Executor,
  input: { bookingId: string; role: 'mentor' | 'mentee'; at: Date },
): Promise<void> {
  const { bookingId, role, at } = input;
  const set =
    role === 'mentor'
      ? { mentorJoinedAt: sql`coalesce(${bookings.mentorJoinedAt}, ${at.toISOString()}::timestamptz)` }
      : { menteeJoinedAt: sql`coalesce(${bookings.menteeJoinedAt}, ${at.toISOString()}::timestamptz)` };
  await db
    .update(bookings)
    .set(set)
    .where(and(eq(bookings.id, bookingId), eq(bookings.status, 'confirmed')));
}

/** Newest first (the id breaks a tie of two messages in one microsecond). */
const newestFirst = [desc(meetingMessages.sentAt), desc(meetingMessages.id)] as const;

/** The newest `limit` messages of a booking's chat, oldest first. */
export async function listLatestMessages(
  db: Executor,
  bookingId: string,
  limit: number,
): Promise<MeetingMessageRow[]> {
  const rows = await db
    .select()
    .from(meetingMessages)
    .where(eq(meetingMessages.bookingId, bookingId))
    .orderBy(...newestFirst)
    .limit(limit);
  return rows.reverse();
}

/** Deletes a booking's messages beyond its newest `keep`. */
export async function trimMessages(db: Executor, bookingId: string, keep: number): Promise<void> {
  const older = db
    .select({ id: meetingMessages.id })
    .from(meetingMessages)
    .where(eq(meetingMessages.bookingId, bookingId))
    .orderBy(...newestFirst)
    .offset(keep);
  await db
    .delete(meetingMessages)
    .where(and(eq(meetingMessages.bookingId, bookingId), inArray(meetingMessages.id, older)));
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
