/**
 * The learning texts a page shows, without zod: the roadmap reader shows who recommended a topic, and learning.ts,
 * whose schemas would bring zod along, re-exports them.
 */
import { msg } from './i18n/msg';

/** What the mentee reads on a recommended topic. */
export const recommendedByText = (mentorName: string): string =>
  msg('Recommended by {mentor}', { mentor: mentorName });

/** The mentee's notification: who recommended how many topics of which roadmap. */
export function recommendationNotice(mentorName: string, count: number, roadmapTitle: string): string {
  return count === 1
    ? msg('{mentor} recommended a topic of {roadmap} for you.', { mentor: mentorName, roadmap: roadmapTitle })
    : msg('{mentor} recommended {count} topics of {roadmap} for you.', {
        mentor: mentorName,
        count,
        roadmap: roadmapTitle,
      });
}

/** "12 of 40 topics done, 3 in progress": the mentor's line on the mentee's progress. */
export function progressLine(progress: { done: number; inProgress: number; total: number }): string {
  return msg('{done} of {total} topics done, {inProgress} in progress', {
    done: progress.done,
    total: progress.total,
    inProgress: progress.inProgress,
  });
}
