import { mentorMessages, type MentorCard, type MentorListQuery, type MentorListResponse, type MentorProfile, type MentorUpdateBody } from '@skillroute/shared/mentors';
import type { ServiceContext, UserContext } from '../../context/service-context';
import { AppError } from '../../lib/errors';
import { busyIntervalsOf, nextFreeSlot, nextFreeSlotWindow, type BusyInterval } from '../availability/service';
import * as repository from './repository';
import { rupeesFromPaise, skillFilter } from './rules';

export { addMentorSkill, type NewMentorProfile } from './repository';

/**
 * `GET /api/mentor/details/:id`: a mentor's public profile (404 for a blocked mentor, as for a non-mentor). The e-mail only to the mentor themself:
 * a public page is no place for an address.
 */
export async function getMentorDetails(ctx: ServiceContext, mentorId: string, callerId: string | undefined): Promise<MentorProfile> {
  const mentor = await repository.findMentorProfile(ctx.db, mentorId);
  if (mentor === undefined) throw new AppError('not_found', mentorMessages.mentorNotFound);
  if (callerId === mentorId) return mentor;
  const { email: _hidden, ...shown } = mentor;
  return shown;
}

/** `PUT /api/mentor`: a mentor changes their own headline, bio, experience, languages or companies. */
export async function updateMentor(ctx: UserContext, body: MentorUpdateBody): Promise<MentorProfile> {
  const { db } = ctx;
  const callerId = ctx.user.id;
  if (body.mentorId !== callerId) throw new AppError('forbidden', mentorMessages.notYourProfile);
  if ((await repository.findMentorProfile(db, callerId)) === undefined) throw new AppError('forbidden', mentorMessages.notAMentor);
  await repository.updateMentorProfile(db, callerId, body.updatedData);
  const updated = await repository.findMentorProfile(db, callerId);
  if (updated === undefined) throw new AppError('not_found', mentorMessages.mentorNotFound);
  return updated;
}

/**
 * `GET /api/mentor/:skill`: one page of the mentors one may book, as cards (DESIGN.md §4). The caller (the
 * `userId` of the query and the signed-in user) is never listed.
 */
export async function listMentors(ctx: ServiceContext, skill: string, query: MentorListQuery, callerId: string | undefined): Promise<MentorListResponse> {
  const excludeUserIds = [query.userId, callerId].filter((id): id is string => id !== undefined);
  const { rows, total } = await repository.listMentors(ctx.db, {
    skill: skillFilter(skill),
    excludeUserIds,
    minExperience: query.expirience,
    languages: query.languages,
    companies: query.companies,
    search: query.search,
    page: query.page,
    limit: query.limit,
  });
  const now = ctx.clock.now();
  // The page's mentors' live bookings over the window of the next free slot, in one query.
  const window = nextFreeSlotWindow(now);
  const busy = await busyIntervalsOf(
    ctx.db,
    rows.map((row) => row.id),
    window.from,
    window.to,
    now,
  );
  return { mentors: rows.map((row) => toCard(row, now, busy.get(row.id) ?? [])), total, page: query.page, limit: query.limit };
}

function toCard(row: repository.MentorListRow, now: Date, busy: readonly BusyInterval[]): MentorCard {
  const { availability, ratingTotal, createdAt: _createdAt, ...card } = row;
  return {
    ...card,
    pricePerSession: rupeesFromPaise(availability.pricePerSession),
    timezone: availability.timezone,
    rating: repository.meanRating(ratingTotal, row.reviewCount),
    nextFreeSlot: nextFreeSlot(availability, now, busy),
  };
}
