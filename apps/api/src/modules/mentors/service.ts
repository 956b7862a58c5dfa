import { mentorMessages, type MentorProfile, type MentorUpdateBody } from '@skillroute/shared/mentors';
import type { ServiceContext, UserContext } from '../../context/service-context';
import { AppError } from '../../lib/errors';
import * as repository from './repository';

export { addMentorSkill, type NewMentorProfile } from './repository';

/**
 * `GET /api/mentor/details/:id`: a mentor's public profile. The e-mail only to the mentor themself:
 * a public page is no place for an address.
 */
export async function getMentorDetails(ctx: ServiceContext, mentorId: string, callerId: string | undefined): Promise<MentorProfile> {
  const mentor = await repository.findMentorProfile(ctx.db, mentorId);
  if (mentor === undefined) throw new AppError('not_found', mentorMessages.mentorNotFound);
  if (callerId === mentorId) return mentor;
  const { email: _hidden, ...shown } = mentor;
  return shown;
}

/** `PUT /api/mentor`: a mentor changes their own headline, bio, experience or languages. */
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
