import {
  mentorMessages,
  type MentorCard,
  type MentorListQuery,
  type MentorListResponse,
  mentorProfileResponseSchema,
  type MentorProfile,
  type MentorProfileResponse,
  type MentorUpdateBody,
} from '@skillroute/shared/mentors';
import { paiseToRupees } from '@skillroute/shared/money';
import type { ServiceContext, UserContext, WorkContext } from '../../context/service-context';
import { AppError } from '../../lib/errors';
import { nextFreeSlot, nextFreeSlotWindow } from '../availability/service';
import type { BusyInterval } from '../bookings/rules';
import { busyTimesOf } from '../bookings/service';
import { stacksForRoadmap } from '../learning/service';
import * as repository from './repository';
import { serializeBody, type CachedAnswer, type SerializedBody } from '../../lib/serialized-body';
import { LISTING_MAX_AGE_MS, listingAnswerUntil, listingKey } from './listing-cache';
import { excludedCallers, skillFilter, type ListingCaller } from './rules';

const HOUR_MS = 60 * 60 * 1000;

/**
 * A passed assessment makes its taker a mentor of that skill, in the assessment's unit of work: the role, a
 * profile from the application (kept as it is if the mentor already has one) and the assessed skill.
 */
export async function addMentorSkill(
  ctx: Pick<WorkContext, 'uow'>,
  input: { userId: string; stackId: string; testId: string; profile: repository.NewMentorProfile },
): Promise<void> {
  const { userId, stackId, testId, profile } = input;
  await repository.addMentorSkill(ctx.uow.tx, userId, stackId, testId, profile);
}

/**
 * A mentor's profile as anyone but the mentor reads it, kept with the listing's pages. It shows no booked time,
 * so only a change of the mentor's data (heard like any change of the listing: users, profiles, skills,
 * availability) or its age drops it.
 */
const profileAnswer: CachedAnswer<MentorProfileResponse> = {
  schema: mentorProfileResponseSchema,
  url: '/api/mentor/details/:id',
  expiresAt: (storedAt) => storedAt + LISTING_MAX_AGE_MS,
  timeShown: () => new Map(),
};

/**
 * `GET /api/mentor/details/:id`: a mentor's public profile (404 for a blocked mentor, as for a non-mentor). The
 * e-mail only to the mentor themself: a public page is no place for an address. The mentor's own page is read
 * afresh each time, since a change of their e-mail is not heard.
 */
export async function readMentorDetails(
  ctx: ServiceContext,
  input: { mentorId: string; callerId: string | undefined },
): Promise<SerializedBody> {
  const { mentorId, callerId } = input;
  const load = async () => {
    const mentor = await repository.findMentorProfile(ctx.db, mentorId);
    if (mentor === undefined) throw new AppError('not_found', mentorMessages.mentorNotFound);
    return mentor;
  };
  if (callerId === mentorId)
    return serializeBody(profileAnswer.schema, profileAnswer.url, { mentor: await load() }, false);
  return ctx.mentorListingCache.readAnswer(`profile:${mentorId}`, profileAnswer, async () => {
    const { email: _hidden, ...shown } = await load();
    return { mentor: shown };
  });
}

/** `PUT /api/mentor`: a mentor changes their own headline, bio, experience, languages or companies. */
export async function updateMentor(ctx: UserContext, body: MentorUpdateBody): Promise<MentorProfile> {
  const { db } = ctx;
  const callerId = ctx.user.id;
  if (body.mentorId !== callerId) throw new AppError('forbidden', mentorMessages.notYourProfile);
  if ((await repository.findMentorProfile(db, callerId)) === undefined)
    throw new AppError('forbidden', mentorMessages.notAMentor);
  await repository.updateMentorProfile(db, callerId, body.updatedData);
  // The trigger's notification reaches every process's listing cache, this one a moment later; this one at once.
  ctx.mentorListingCache.forgetAll();
  const updated = await repository.findMentorProfile(db, callerId);
  if (updated === undefined) throw new AppError('not_found', mentorMessages.mentorNotFound);
  return updated;
}

/** A page of the mentor listing: the skill of the route, the query, and who asks (never listed). */
export interface MentorListing {
  skill: string;
  query: MentorListQuery;
  caller: ListingCaller;
}

/**
 * `GET /api/mentor/:skill`: one page of the mentors one may book, as cards (DESIGN.md §4). The caller (the
 * `userId` of the query and the signed-in user) is never listed.
 */
export async function listMentors(ctx: ServiceContext, input: MentorListing): Promise<MentorListResponse> {
  return (await listMentorPage(ctx, input)).page;
}

/**
 * A page of the listing, and when its first shown next free slot stops being bookable by its mentor's own
 * notice (their booking settings; the cache's own expiry assumes the default notice).
 */
async function listMentorPage(
  ctx: ServiceContext,
  input: MentorListing,
): Promise<{ page: MentorListResponse; unbookableAt: number }> {
  const { skill, query, caller } = input;
  const excludeUserIds = excludedCallers(query.userId, caller);
  const { rows, total } = await repository.listMentors(ctx.db, {
    skill: skillFilter(skill),
    excludeUserIds,
    minExperience: query.expirience,
    languages: query.languages,
    companies: query.companies,
    search: query.search,
    preferStacks:
      query.roadmap === undefined
        ? undefined
        : await stacksForRoadmap(ctx, { roadmapId: query.roadmap, topicId: query.topic }),
    page: query.page,
    limit: query.limit,
  });
  const now = ctx.clock.now();
  // The page's mentors' live bookings over the window of the next free slot, in one query.
  const window = nextFreeSlotWindow(now);
  const busy = await busyTimesOf(ctx, { userIds: rows.map((row) => row.id), ...window });
  let unbookableAt = Infinity;
  const mentors = rows.map((row) => {
    const card = toCard(row, now, busy.get(row.id) ?? []);
    if (card.nextFreeSlot !== null)
      unbookableAt = Math.min(
        unbookableAt,
        Date.parse(card.nextFreeSlot.startTime) - row.bookingSettings.minimumNoticeHours * HOUR_MS,
      );
    return card;
  });
  return { page: { mentors, total, page: query.page, limit: query.limit }, unbookableAt };
}

/** `GET /api/mentor/:skill` as the route sends it: from the listing cache while fresh (listing-cache.ts), else read afresh. */
export async function readMentorListing(ctx: ServiceContext, input: MentorListing): Promise<SerializedBody> {
  // The cache asks for the expiry right after this read's own load, which learned the mentors' notices.
  let unbookableAt = Infinity;
  return ctx.mentorListingCache.readAnswer(
    listingKey(input.skill, input.query, input.caller),
    listingAnswerUntil(() => unbookableAt),
    async () => {
      const listed = await listMentorPage(ctx, input);
      unbookableAt = listed.unbookableAt;
      return listed.page;
    },
  );
}

function toCard(row: repository.MentorListRow, now: Date, busy: readonly BusyInterval[]): MentorCard {
  const { availability, bookingSettings, ratingTotal, createdAt: _createdAt, ...card } = row;
  return {
    ...card,
    pricePerSession: paiseToRupees(availability.pricePerSession),
    timezone: availability.timezone,
    rating: repository.meanRating(ratingTotal, row.reviewCount),
    nextFreeSlot: nextFreeSlot(availability, now, busy, bookingSettings),
  };
}
