import { expect } from '@playwright/test';
import { mailboxPorts } from './ports';

interface CapturedMail {
  to: string;
  subject: string;
  text: string;
  receivedAt: number;
}

/** Waits for the newest mail to `to` whose text matches `pattern`, and returns the first capture group. */
export async function readFromMail(to: string, pattern: RegExp, { after = 0 } = {}): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await fetch(`http://127.0.0.1:${mailboxPorts.http}/?to=${encodeURIComponent(to)}`);
        const mails = ((await response.json()) as CapturedMail[]).filter((mail) => mail.receivedAt > after);
        for (const mail of mails.reverse()) {
          const match = pattern.exec(mail.text);
          if (match?.[1]) {
            found = match[1];
            return true;
          }
        }
        return false;
      },
      { timeout: 20_000, message: `a mail to ${to} matching ${pattern}` },
    )
    .toBe(true);
  return found as string;
}

export const codePattern = /\b(\d{6})\b/;
export const resetLinkPattern = /(https?:\/\/\S+\/reset-password\?token=[\w-]+)/;
