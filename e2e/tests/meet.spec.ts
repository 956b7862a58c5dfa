import { expect, type BrowserContext, type Page } from '@playwright/test';
import { meetMessages } from '@skillroute/shared/meet';
import { newEmail, signUpThroughApi } from '../support/accounts';
import { bookAndPayThroughApi, mentorAndMentee } from '../support/bookings';
import { chromiumLaunchOptions } from '../support/chromium';
import { openRoomNow } from '../support/database';
import { test } from '../support/mentors';
import { expectNoSeriousA11yViolations, watchConsoleErrors } from '../support/page-checks';

// Chromium's fake camera and microphone, allowed without a prompt, and peer connections over loopback (both
// people are on this machine). launchOptions replace the project's, so its flags are spread in.
test.use({
  launchOptions: {
    ...chromiumLaunchOptions,
    args: [...chromiumLaunchOptions.args, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', '--allow-loopback-in-peer-connection'],
  },
});

/** Keeps every RTCPeerConnection the page makes in window.__pcs, so the test can read their stats. */
async function recordPeerConnections(context: BrowserContext) {
  await context.addInitScript(() => {
    const Native = window.RTCPeerConnection;
    const made: RTCPeerConnection[] = [];
    (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs = made;
    window.RTCPeerConnection = class extends Native {
      constructor(...args: ConstructorParameters<typeof RTCPeerConnection>) {
        super(...args);
        made.push(this);
      }
    };
  });
}

/** Video frames the page's open peer connections have decoded so far (getStats inbound-rtp). */
function framesDecoded(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const open = (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs.filter((pc) => pc.signalingState !== 'closed');
    let frames = 0;
    for (const pc of open) {
      (await pc.getStats()).forEach((report: { type: string; kind?: string; framesDecoded?: number }) => {
        if (report.type === 'inbound-rtp' && report.kind === 'video') frames += report.framesDecoded ?? 0;
      });
    }
    return frames;
  });
}

/** Fails unless the page is decoding the other person's video now: its decoded frames keep rising. */
async function expectVideoDecoding(page: Page, who: string) {
  await expect.poll(() => framesDecoded(page), { message: `${who} decodes video`, timeout: 30_000 }).toBeGreaterThan(0);
  const before = await framesDecoded(page);
  await expect.poll(() => framesDecoded(page), { message: `${who} keeps decoding video` }).toBeGreaterThan(before);
}

async function openPreJoin(page: Page, roomId: string, peerName: string) {
  await page.goto(`/meet/${roomId}`);
  await expect(page.getByRole('heading', { name: 'Ready to join?' })).toBeVisible();
  await expect(page.getByText(`Your session with ${peerName}`)).toBeVisible();
}

async function pressJoin(page: Page, peerName: string) {
  await page.getByRole('button', { name: 'Join now' }).click();
  await expect(page.getByRole('heading', { name: `Session with ${peerName}` })).toBeAttached();
}

test('the booked mentor and mentee meet in the room: each decodes the other’s video, and they chat both ways', async ({ browser, mentorStack }) => {
  test.slow(); // two browsers in a call on a busy machine
  const pair = await mentorAndMentee(browser, mentorStack.id);
  try {
    await Promise.all([recordPeerConnections(pair.mentorContext), recordPeerConnections(pair.menteeContext)]);
    const roomId = await openRoomNow(await bookAndPayThroughApi(pair));

    const menteePage = await pair.menteeContext.newPage();
    const menteeErrors = watchConsoleErrors(menteePage);
    await openPreJoin(menteePage, roomId, 'Kavya');
    await expect(menteePage.getByLabel('Your camera preview')).toBeVisible();
    await expectNoSeriousA11yViolations(menteePage);
    await pressJoin(menteePage, 'Kavya');
    await expect(menteePage.getByText('Waiting for Kavya to join').first()).toBeVisible();
    // Alone in the room, nothing is decoded: the frames counted below are the other person's.
    expect(await framesDecoded(menteePage)).toBe(0);

    const mentorPage = await pair.mentorContext.newPage();
    const mentorErrors = watchConsoleErrors(mentorPage);
    await openPreJoin(mentorPage, roomId, 'Meera');
    await pressJoin(mentorPage, 'Meera');
    await expect(mentorPage.getByText('Meera is here').first()).toBeVisible();
    await expect(menteePage.getByText('Kavya is here').first()).toBeVisible();

    await expectVideoDecoding(menteePage, 'the mentee');
    await expectVideoDecoding(mentorPage, 'the mentor');
    await expect(menteePage.getByLabel('Kavya’s video')).toBeVisible();

    const menteeMessages = menteePage.getByRole('list', { name: 'Messages' });
    const mentorMessages = mentorPage.getByRole('list', { name: 'Messages' });
    await menteePage.getByRole('textbox', { name: 'Message' }).fill('Hello Kavya, can you hear me?');
    await menteePage.getByRole('textbox', { name: 'Message' }).press('Enter');
    await expect(mentorMessages).toContainText('Hello Kavya, can you hear me?');
    await expect(mentorMessages).toContainText('Meera ·');
    await expect(menteeMessages).toContainText('You ·');
    await expect(menteePage.getByRole('textbox', { name: 'Message' })).toHaveValue('');
    await mentorPage.getByRole('textbox', { name: 'Message' }).fill('Loud and clear, Meera.');
    await mentorPage.getByRole('textbox', { name: 'Message' }).press('Enter');
    await expect(menteeMessages).toContainText('Loud and clear, Meera.');
    await expect(menteeMessages.getByRole('listitem')).toHaveCount(2);

    await expectNoSeriousA11yViolations(menteePage);
    expect(menteeErrors).toEqual([]);
    expect(mentorErrors).toEqual([]);
  } finally {
    await Promise.all([pair.mentorContext.close(), pair.menteeContext.close()]);
  }
});

test('nobody else gets into an open room: a third user reads that it is not theirs, a signed-out visitor is sent to sign in', async ({ browser, mentorStack }) => {
  test.slow(); // a mentor, a mentee and two more browsers on a busy machine
  const pair = await mentorAndMentee(browser, mentorStack.id);
  const stranger = await browser.newContext();
  const visitor = await browser.newContext();
  try {
    const roomId = await openRoomNow(await bookAndPayThroughApi(pair));
    await signUpThroughApi(stranger, { name: 'Ravi', email: newEmail() });

    const strangerPage = await stranger.newPage();
    await strangerPage.goto(`/meet/${roomId}`);
    await expect(strangerPage.getByRole('heading', { level: 1, name: meetMessages.notFound })).toBeVisible();
    await expect(strangerPage.getByRole('button', { name: 'Join now' })).toHaveCount(0);
    await expect(strangerPage.getByText('Kavya')).toHaveCount(0);
    await expect(strangerPage.getByRole('link', { name: 'Back to your bookings' })).toBeVisible();
    await expectNoSeriousA11yViolations(strangerPage);

    const visitorPage = await visitor.newPage();
    await visitorPage.goto(`/meet/${roomId}`);
    await expect(visitorPage).toHaveURL(/\/login$/);
  } finally {
    await Promise.all([pair.mentorContext.close(), pair.menteeContext.close(), stranger.close(), visitor.close()]);
  }
});
