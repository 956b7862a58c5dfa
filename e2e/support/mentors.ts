import { randomUUID } from 'node:crypto';
import { test as base, expect, type APIRequestContext, type BrowserContext } from '@playwright/test';
import type { Locale } from '@skillroute/shared/i18n/locales';
import { adminSignInThroughApi, newEmail, signUpThroughApi } from './accounts';
import { stackThroughApi } from './assessments';
import { baseURL } from './ports';

export interface MentorStack {
  name: string;
  id: string;
}

/**
 * Tests that make mentors: `mentorStack` is a stack of ten numbered() questions for `mentorThroughApi`, made once
 * per worker through the admin API and shared by that worker's tests. Its name is its own, so the mentors made
 * for it never join a seeded skill's listing (the axe tests list React's).
 */
export const test = base.extend<object, { mentorStack: MentorStack }>({
  mentorStack: [
    async ({ playwright }, use) => {
      const admin = await playwright.request.newContext({ baseURL });
      const name = `Mentoring ${randomUUID().slice(0, 6)}`;
      let id: string;
      try {
        await adminSignInThroughApi(admin);
        id = await stackThroughApi(admin, name, 10);
      } finally {
        await admin.dispose();
      }
      await use({ name, id });
    },
    { scope: 'worker' },
  ],
});

/** A free hour as the slots API sends it: UTC instants. */
export interface FreeSlot {
  startTime: string;
  endTime: string;
}

interface StartedTest {
  questions: { id: string; options: { id: string; text: string }[] }[];
}

/**
 * Makes a signed-up user of `context` a mentor the way a person becomes one, through the API: they apply for
 * `stackId` (a stack numbered() questions were written for, see assessments.ts), start the test and hand in the
 * right answers. Returns the mentor's id. assessments.spec.ts walks the same steps through the pages.
 */
export async function mentorThroughApi(
  context: BrowserContext,
  {
    name,
    stackId,
    languages = ['english'],
    locale,
  }: { name: string; stackId: string; languages?: string[]; locale?: Locale },
): Promise<string> {
  const { id } = await signUpThroughApi(context, { name, email: newEmail(), locale });
  const request = context.request;
  const applied = await request.post('/api/assessment/tests', {
    data: {
      stackId,
      expirience: '5',
      languages,
      headline: `${name}, engineer who enjoys teaching`,
      bio: `${name} has spent years building services in production and enjoys showing people how to test what they build.`,
      linkedinUrl: 'https://www.linkedin.com/in/e2e-mentor',
      githubUrl: 'https://github.com/e2e-mentor',
    },
  });
  expect(applied.status(), await applied.text()).toBe(201);
  const { id: testId } = (await applied.json()) as { id: string };
  const started = await request.post(`/api/assessment/tests/${testId}/start`);
  expect(started.status(), await started.text()).toBe(200);
  const { questions } = (await started.json()) as StartedTest;
  const answers = questions.map((question) => ({
    questionId: question.id,
    optionId: question.options.find((option) => option.text.startsWith('Right '))!.id,
  }));
  const submitted = await request.post('/api/assessment/tests/submit', { data: { testId, answers } });
  expect(submitted.status(), await submitted.text()).toBe(200);
  expect(((await submitted.json()) as { passed: boolean }).passed).toBe(true);
  return id;
}

/** One weekday's hours on the wire: start hours (10 … 16) as one-hour slots. */
export function wireDay(startHours: number[]) {
  const time = (hour: number) => `${hour % 12 === 0 ? 12 : hour % 12}:00 ${hour < 12 ? 'AM' : 'PM'}`;
  return {
    isAvailable: startHours.length > 0,
    timeSlots: startHours.map((hour) => ({ startTime: time(hour), endTime: time(hour + 1) })),
  };
}

/** Sets a mentor's week through the API, as the Availability dialog would. */
export async function availabilityThroughApi(
  request: APIRequestContext,
  mentorId: string,
  { timezone, hours, price = 1000 }: { timezone: string; hours: number[]; price?: number },
) {
  const day = wireDay(hours);
  const saved = await request.put('/api/mentors/availability', {
    data: {
      mentorId,
      timezone,
      pricePerSession: price,
      weeklySchedule: { monday: day, tuesday: day, wednesday: day, thursday: day, friday: day },
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

const DAY_MS = 86_400_000;

/** A mentor's free hours from now for the 60 days the profile shows, as the page asks for them. */
export async function slotsThroughApi(request: APIRequestContext, mentorId: string): Promise<FreeSlot[]> {
  const now = Date.now();
  const answer = await request.get(`/api/mentors/availability/${mentorId}/slots`, {
    params: { from: new Date(now).toISOString(), to: new Date(now + 60 * DAY_MS).toISOString() },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { slots: FreeSlot[] }).slots;
}

/** "11:30 PM": a slot's start as a clock in `zone` shows it (the page formats with the same Intl options). */
export const clockIn = (instant: string, zone: string): string =>
  new Intl.DateTimeFormat('en-US', {
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    timeZone: zone,
  }).format(new Date(instant));

/** "2026-11-30": a slot's date in `zone`. */
export const dateIn = (instant: string, zone: string): string =>
  new Intl.DateTimeFormat('en-CA', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone: zone,
  }).format(new Date(instant));

/** "Monday, November 30, 2026": how the calendar names a date. */
export const longDate = (day: string): string =>
  new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));

/** The slots' start clocks per date in `zone`, in time order. */
export function clocksByDate(slots: readonly FreeSlot[], zone: string): Map<string, string[]> {
  const days = new Map<string, string[]>();
  for (const slot of [...slots].sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime))) {
    const day = dateIn(slot.startTime, zone);
    days.set(day, [...(days.get(day) ?? []), clockIn(slot.startTime, zone)]);
  }
  return days;
}

/** Spaces of any kind as one plain space: ICU writes "11:30 PM" with a narrow no-break space. */
export const plainSpaces = (text: string): string => text.replace(/\s+/gu, ' ').trim();
