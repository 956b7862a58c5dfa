import { and, eq, isNull, sql } from 'drizzle-orm';
import { preparedPer, type Executor } from '../../db/client';
import { DEFAULT_BOOKING_SETTINGS, type BookingSettings } from '@skillroute/shared/booking-settings';
import {
  mentorAvailability,
  mentorBookingSettings,
  mentorProfiles,
  users,
  type MentorAvailabilityRow,
  type StoredDateOverride,
  type StoredWeeklyHours,
} from '../../db/schema';

/** A mentor as availability sees them: who they are and their saved row, if any. */
export interface AvailabilityOwner {
  userId: string;
  /** Null until the mentor first saves. */
  availability: MentorAvailabilityRow | null;
  /** The defaults until the mentor saves their own. */
  bookingSettings: BookingSettings;
  /** Set while the mentor is off the listing for their no-shows: not bookable, no free slots shown. */
  hiddenForNoShowsAt: Date | null;
}

const bookingSettingsColumns = {
  minimumNoticeHours: mentorBookingSettings.minimumNoticeHours,
  bufferMinutes: mentorBookingSettings.bufferMinutes,
  maxSessionsPerDay: mentorBookingSettings.maxSessionsPerDay,
};

/** A stored row (its checks keep the buffer one of the choices) or the defaults. */
const settingsOrDefaults = (
  row: { minimumNoticeHours: number; bufferMinutes: number; maxSessionsPerDay: number } | null,
): BookingSettings => (row === null ? DEFAULT_BOOKING_SETTINGS : (row as BookingSettings));

/**
 * A mentor (role mentor with a profile) who is not blocked, with their availability row; undefined for an
 * unknown id, someone who is not a mentor, or a blocked user.
 */
const availabilityOwner = preparedPer((db) =>
  db
    .select({
      userId: users.id,
      availability: mentorAvailability,
      bookingSettings: bookingSettingsColumns,
      hiddenForNoShowsAt: mentorProfiles.hiddenForNoShowsAt,
    })
    .from(users)
    .innerJoin(mentorProfiles, eq(mentorProfiles.userId, users.id))
    .leftJoin(mentorAvailability, eq(mentorAvailability.userId, users.id))
    .leftJoin(mentorBookingSettings, eq(mentorBookingSettings.userId, users.id))
    .where(and(eq(users.id, sql.placeholder('userId')), eq(users.role, 'mentor'), isNull(users.blockedAt)))
    .prepare('availability_owner'),
);

export async function findAvailabilityOwner(
  db: Executor,
  userId: string,
): Promise<AvailabilityOwner | undefined> {
  const [row] = await availabilityOwner(db).execute({ userId });
  return row === undefined ? undefined : { ...row, bookingSettings: settingsOrDefaults(row.bookingSettings) };
}

/** Writes a mentor's booking settings, whether or not they saved any before. */
export async function upsertBookingSettings(
  db: Executor,
  userId: string,
  settings: BookingSettings,
): Promise<BookingSettings> {
  const [row] = await db
    .insert(mentorBookingSettings)
    .values({ userId, ...settings })
    .onConflictDoUpdate({
      target: mentorBookingSettings.userId,
      set: { ...settings, updatedAt: sql`now()` },
    })
    .returning(bookingSettingsColumns);
  if (row === undefined) throw new Error('the booking settings row was not written');
  return settingsOrDefaults(row);
}

export interface AvailabilityValues {
  userId: string;
  timezone: string;
  /** Paise. */
  pricePerSession: number;
  weeklyHours: StoredWeeklyHours;
  overrides: StoredDateOverride[];
  hasHours: boolean;
}

/** Writes a mentor's availability in one statement, whether or not they saved before. */
export async function upsertAvailability(
  db: Executor,
  values: AvailabilityValues,
): Promise<MentorAvailabilityRow> {
  const { userId: _userId, ...change } = values;
  const [row] = await db
    .insert(mentorAvailability)
    .values(values)
    .onConflictDoUpdate({ target: mentorAvailability.userId, set: { ...change, updatedAt: sql`now()` } })
    .returning();
  if (row === undefined) throw new Error('the availability row was not written');
  return row;
}
