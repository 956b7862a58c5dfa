/**
 * The learning texts a page shows, without zod: the roadmap reader shows who recommended a topic, and learning.ts,
 * whose schemas would bring zod along, re-exports them.
 */
/** What the mentee reads on a recommended topic. */
export const recommendedByText = (mentorName: string): string => `Recommended by ${mentorName}`;

/** The mentee's notification: who recommended how many topics of which roadmap. */
export function recommendationNotice(mentorName: string, count: number, roadmapTitle: string): string {
  const topics = count === 1 ? 'a topic' : `${count} topics`;
  return `${mentorName} recommended ${topics} of ${roadmapTitle} for you.`;
}

/** "12 of 40 topics done, 3 in progress": the mentor's line on the mentee's progress. */
export function progressLine(progress: { done: number; inProgress: number; total: number }): string {
  return `${progress.done} of ${progress.total} topics done, ${progress.inProgress} in progress`;
}
