import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import type { Locale } from '@skillroute/shared/i18n/locales';
import { codePattern, readFromMail } from './mail';
import { dataDir } from './ports';

/** A fresh address per test, so journeys never meet each other's accounts. */
export const newEmail = () => `learner-${randomUUID().slice(0, 8)}@example.test`;
export const password = 'roadmap2026';

/** Signs up through the real pages, reading the code from the mail the server really sent. */
export async function signUp(page: Page, { name, email }: { name: string; email: string }) {
  const startedAt = Date.now();
  await page.goto('/signup');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  const code = await readFromMail(email, codePattern, { after: startedAt - 1 });
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/$/);
}

/**
 * Signs up through the API (the same two calls the pages make, with the code from the real mail) and
 * leaves the context as a returning visitor's browser: the session cookies, and the user the app saved
 * under `persist:root`, which the app confirms with the server on load. For tests whose subject is not
 * the sign-up pages; accounts.spec.ts walks those.
 */
export async function signUpThroughApi(
  context: BrowserContext,
  { name, email, locale }: { name: string; email: string; locale?: Locale },
): Promise<{ id: string }> {
  const startedAt = Date.now();
  // `locale`: the language the person chose on the sign-up page, which the page then sends.
  const created = await context.request.post('/api/auth', { data: { name, email, password, locale } });
  expect(created.status(), await created.text()).toBe(201);
  const otp = await readFromMail(email, codePattern, { after: startedAt - 1 });
  const verified = await context.request.post('/api/auth/verify-otp', { data: { email, otp } });
  expect(verified.status(), await verified.text()).toBe(200);
  const { user } = (await verified.json()) as { user: { id: string } };
  // Only into a browser that has saved nothing yet, so a later logout in the test stays logged out.
  await context.addInitScript(
    (saved) => {
      if (window.localStorage.getItem('persist:root') === null)
        window.localStorage.setItem('persist:root', saved);
    },
    JSON.stringify({
      auth: JSON.stringify({ user }),
      _persist: JSON.stringify({ version: -1, rehydrated: true }),
    }),
  );
  return user;
}

export async function signIn(page: Page, email: string, secret = password) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(secret);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** The demo admin the seed made, with the password it generated into the server's data folder. */
export function demoAdmin(): { email: string; password: string } {
  return JSON.parse(readFileSync(path.join(dataDir, 'demo-admin.json'), 'utf8')) as {
    email: string;
    password: string;
  };
}

/**
 * Signs the demo admin in through the API (the call the admin login page makes): `request` then carries the
 * admin cookies, for tests that only need the admin API. The admin pages' own sign-in is walked by the tests
 * of those pages (assessments.spec.ts, roadmaps.spec.ts). The server allows 10 admin sign-ins per 15 minutes
 * from one address, so a suite signs the admin in as rarely as it can.
 */
export async function adminSignInThroughApi(request: APIRequestContext) {
  const signedIn = await request.post('/api/admin/login', { data: demoAdmin() });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
}

export async function adminSignIn(page: Page) {
  const admin = demoAdmin();
  await page.goto('/admin/login');
  await page.getByLabel('E-mail').fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/$/);
}
