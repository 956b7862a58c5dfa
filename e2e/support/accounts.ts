import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
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

export async function signIn(page: Page, email: string, secret = password) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(secret);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** The demo admin the seed made, with the password it generated into the server's data folder. */
export function demoAdmin(): { email: string; password: string } {
  return JSON.parse(readFileSync(path.join(dataDir, 'demo-admin.json'), 'utf8')) as { email: string; password: string };
}

export async function adminSignIn(page: Page) {
  const admin = demoAdmin();
  await page.goto('/admin/login');
  await page.getByLabel('E-mail').fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/$/);
}
