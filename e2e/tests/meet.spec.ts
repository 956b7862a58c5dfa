import { expect, type Page } from '@playwright/test';
import { meetMessages } from '@skillroute/shared/meet';
import { socketRefusals } from '@skillroute/shared/notifications';
import { newEmail, signUpThroughApi } from '../support/accounts';
import { bookAndPayThroughApi, mentorAndMentee } from '../support/bookings';
import { completeSessionInThePast, openRoomNow, roomOpensIn } from '../support/database';
import {
  expectSilence,
  expectSoundFlowing,
  expectVideoFlowing,
  expectVideoStopped,
  fakeMediaLaunchOptions,
  joinFromOutside,
  openPreJoin,
  pressJoin,
  received,
  recordPeerConnections,
} from '../support/meet';
import { test } from '../support/mentors';
import { startOwnServer } from '../support/own-server';
import { appPort, baseURL } from '../support/ports';
import { expectNoSeriousA11yViolations, watchConsoleErrors } from '../support/page-checks';

test.use({ launchOptions: fakeMediaLaunchOptions });
// One worker takes these in turn while the other runs the rest: two calls at once are four Chromium pages
// encoding video on two cores, and each call took three times as long as alone (38 s against 125 s).
test.describe.configure({ mode: 'default' });

/** Width over height of the video the page receives: the fake camera is 4:3, the fake screen 16:9. */
async function receivedAspect(page: Page): Promise<number> {
  const { frameWidth, frameHeight } = await received(page);
  return frameHeight === 0 ? 0 : frameWidth / frameHeight;
}

async function sendChat(page: Page, text: string) {
  // As a person would: once Send can be pressed. On a loaded machine the room's socket can still be on its way.
  await expect(page.getByRole('button', { name: 'Send' })).toBeEnabled();
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('');
}

test('the booked pair meet: each sees and hears the other; mute, camera off and screen sharing reach the other side; they chat, and a rejoin keeps the history', async ({
  browser,
  mentorStack,
}) => {
  test.setTimeout(300_000); // two browsers in a call on a busy two-core machine, with many waits on media
  const pair = await mentorAndMentee(browser, mentorStack.id);
  try {
    await Promise.all([recordPeerConnections(pair.mentorContext), recordPeerConnections(pair.menteeContext)]);
    const roomId = await openRoomNow(await bookAndPayThroughApi(pair));

    const mentee = await pair.menteeContext.newPage();
    const menteeErrors = watchConsoleErrors(mentee);
    await openPreJoin(mentee, roomId, 'Kavya');
    await expect(mentee.getByLabel('Your camera preview')).toBeVisible({ timeout: 45_000 });
    await expect(mentee.getByRole('combobox', { name: 'Camera' })).toBeVisible();
    await expect(mentee.getByRole('combobox', { name: 'Microphone' })).toBeVisible();
    await expectNoSeriousA11yViolations(mentee);
    await pressJoin(mentee, 'Kavya');
    await expect(mentee.getByText('Waiting for Kavya to join').first()).toBeVisible();
    // Alone in the room, nothing is received: what is counted below comes from the other person.
    expect((await received(mentee)).framesDecoded).toBe(0);

    const mentor = await pair.mentorContext.newPage();
    const mentorErrors = watchConsoleErrors(mentor);
    // The mentor comes the way people do: from their bookings, whose Join shows while the room is open.
    await mentor.goto('/profile/bookings');
    await mentor.getByRole('link', { name: 'Join' }).click();
    await expect(mentor).toHaveURL(new RegExp(`/meet/${roomId}$`));
    await expect(mentor.getByText('Your session with Meera')).toBeVisible();
    await pressJoin(mentor, 'Meera');
    await expect(mentor.getByText('Meera is here').first()).toBeVisible();
    await expect(mentee.getByText('Kavya is here').first()).toBeVisible();
    await expectVideoFlowing(mentee, 'the mentee');
    await expectVideoFlowing(mentor, 'the mentor');
    await expect(mentee.getByLabel('Kavya’s video')).toBeVisible();
    await expect(mentee.getByText(/^Session ends in \d\d:\d\d$/)).toBeVisible();
    await expectSoundFlowing(mentor, 'the mentor');

    // M mutes (the keyboard shortcut): the mentor hears silence; the button says so; clicking unmutes.
    const mute = mentee.getByRole('button', { name: /^Mute/ });
    await mentee.keyboard.press('m');
    await expect(mute).toHaveAttribute('aria-pressed', 'true');
    await expectSilence(mentor, 'the mentor, with the mentee muted');
    await mute.click();
    await expect(mute).toHaveAttribute('aria-pressed', 'false');
    await expectSoundFlowing(mentor, 'the mentor, with the mentee unmuted');

    // Camera off: no more frames reach the mentor; V turns it back on.
    const camera = mentee.getByRole('button', { name: /^Camera off/ });
    await camera.click();
    await expect(camera).toHaveAttribute('aria-pressed', 'true');
    await expect(mentee.getByText('Your camera is off')).toBeVisible();
    await expectVideoStopped(mentor, 'the mentor, with the mentee’s camera off');
    await mentee.keyboard.press('v');
    await expect(camera).toHaveAttribute('aria-pressed', 'false');
    await expectVideoFlowing(mentor, 'the mentor, with the mentee’s camera back on');

    // Headless Chromium with fake devices hands out a 1280 × 720 fake screen: the mentor's picture turns 16:9.
    const share = mentee.getByRole('button', { name: 'Share screen' });
    expect(await receivedAspect(mentor)).toBeCloseTo(4 / 3, 1);
    await share.click();
    await expect(share).toHaveAttribute('aria-pressed', 'true');
    await expect
      .poll(() => receivedAspect(mentor), {
        message: 'the mentor receives the shared screen',
        timeout: 30_000,
      })
      .toBeCloseTo(16 / 9, 1);
    await share.click();
    await expect(share).toHaveAttribute('aria-pressed', 'false');
    await expect
      .poll(() => receivedAspect(mentor), {
        message: 'the mentor receives the camera again',
        timeout: 30_000,
      })
      .toBeCloseTo(4 / 3, 1);

    const menteeMessages = mentee.getByRole('list', { name: 'Messages' });
    const mentorMessages = mentor.getByRole('list', { name: 'Messages' });
    await sendChat(mentee, 'Hello Kavya, can you hear me?');
    await expect(mentorMessages).toContainText('Hello Kavya, can you hear me?');
    await expect(mentorMessages).toContainText('Meera ·');
    await expect(menteeMessages).toContainText('You ·');
    await sendChat(mentor, 'Loud and clear, Meera.');
    await expect(menteeMessages).toContainText('Loud and clear, Meera.');
    await expect(menteeMessages.getByRole('listitem')).toHaveCount(2);
    await expectNoSeriousA11yViolations(mentee);

    // Leave, then come back within the window: the mentor waits, the call starts again with the chat kept.
    await mentee.getByRole('button', { name: 'Leave' }).click();
    await expect(mentee).toHaveURL(/\/profile\/bookings$/);
    await expect(mentor.getByText('Waiting for Meera to join').first()).toBeVisible();
    await openPreJoin(mentee, roomId, 'Kavya');
    await pressJoin(mentee, 'Kavya');
    await expect(mentor.getByText('Meera is here').first()).toBeVisible();
    await expect(mentee.getByRole('list', { name: 'Messages' }).getByRole('listitem')).toHaveCount(2);
    await expect(mentee.getByRole('list', { name: 'Messages' })).toContainText('Loud and clear, Meera.');
    await expectVideoFlowing(mentee, 'the mentee, after rejoining');
    await expectVideoFlowing(mentor, 'the mentor, after the mentee rejoined');

    expect(menteeErrors).toEqual([]);
    expect(mentorErrors).toEqual([]);
  } finally {
    await Promise.all([pair.mentorContext.close(), pair.menteeContext.close()]);
  }
});

/** Screenshots of a page in light, dark and at 390 px, for a person to look at (not compared, not committed). */
async function shootThreeWays(page: Page, name: string) {
  const size = page.viewportSize() ?? { width: 1280, height: 720 };
  await page.emulateMedia({ colorScheme: 'light' });
  await page.screenshot({ path: `/tmp/e2e-meet-${name}-light.png` });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: `/tmp/e2e-meet-${name}-dark.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `/tmp/e2e-meet-${name}-390.png`, fullPage: true });
  await page.setViewportSize(size);
  await page.emulateMedia({ colorScheme: 'light' });
}

/** The two in a call, each decoding the other's video. */
async function inACall(pair: Awaited<ReturnType<typeof mentorAndMentee>>) {
  await Promise.all([recordPeerConnections(pair.mentorContext), recordPeerConnections(pair.menteeContext)]);
  const roomId = await openRoomNow(await bookAndPayThroughApi(pair));
  const mentee = await pair.menteeContext.newPage();
  const mentor = await pair.mentorContext.newPage();
  await openPreJoin(mentee, roomId, 'Kavya');
  await pressJoin(mentee, 'Kavya');
  await openPreJoin(mentor, roomId, 'Meera');
  await pressJoin(mentor, 'Meera');
  await expectVideoFlowing(mentor, 'the mentor');
  await expectVideoFlowing(mentee, 'the mentee');
  return { roomId, mentee, mentor };
}

test('the other side sees a camera that is off as a tile with initials, and a muted microphone as a mark, within seconds', async ({
  browser,
  mentorStack,
}) => {
  test.setTimeout(300_000); // two browsers in a call on a busy two-core machine
  const pair = await mentorAndMentee(browser, mentorStack.id);
  try {
    const { mentee, mentor } = await inACall(pair);
    const menteeErrors = watchConsoleErrors(mentee);
    const mentorErrors = watchConsoleErrors(mentor);
    const cameraOffTile = mentor.getByRole('img', { name: 'Meera’s camera is off' });
    const mutedMark = mentor.getByRole('img', { name: 'Meera is muted' });
    await expect(cameraOffTile).toHaveCount(0);
    await expect(mutedMark).toHaveCount(0);

    // The mentee's own word reaches the mentor at once; a few seconds allow for a busy machine.
    await mentee.getByRole('button', { name: /^Camera off/ }).click();
    await expect(cameraOffTile).toBeVisible({ timeout: 5_000 });
    await expect(cameraOffTile).toContainText('M');
    await expect(cameraOffTile).toContainText('Camera off');
    await mentee.keyboard.press('m');
    await expect(mutedMark).toBeVisible({ timeout: 5_000 });
    // Under the tile the call goes on: the mentor still receives the connection, without video.
    await expectVideoStopped(mentor, 'the mentor, with the mentee’s camera off');
    await expectNoSeriousA11yViolations(mentor);
    await shootThreeWays(mentor, 'camera-off');

    await mentee.keyboard.press('v');
    await expect(cameraOffTile).toHaveCount(0, { timeout: 5_000 });
    await expectVideoFlowing(mentor, 'the mentor, with the mentee’s camera back on');
    await expect(mutedMark).toBeVisible();
    await mentee.getByRole('button', { name: /^Mute/ }).click();
    await expect(mutedMark).toHaveCount(0, { timeout: 5_000 });
    await expectSoundFlowing(mentor, 'the mentor, with the mentee unmuted');

    // A newcomer hears the state at once: the mentor, camera off, reloads; the mentee sees the tile again.
    await mentor.getByRole('button', { name: /^Camera off/ }).click();
    const mentorTile = mentee.getByRole('img', { name: 'Kavya’s camera is off' });
    await expect(mentorTile).toBeVisible({ timeout: 5_000 });
    await mentee.reload();
    await pressJoin(mentee, 'Kavya');
    await expect(mentee.getByText('Kavya is here').first()).toBeVisible();
    await expect(mentorTile).toBeVisible({ timeout: 5_000 });

    expect(menteeErrors).toEqual([]);
    expect(mentorErrors).toEqual([]);
  } finally {
    await Promise.all([pair.mentorContext.close(), pair.menteeContext.close()]);
  }
});

test('a second tab of the same person says the call is open in another tab; Use here instead moves the call, and the other person sees video again', async ({
  browser,
  mentorStack,
}) => {
  test.setTimeout(300_000); // three pages in a call on a busy two-core machine
  const pair = await mentorAndMentee(browser, mentorStack.id);
  try {
    const { roomId, mentee, mentor } = await inACall(pair);
    const secondTab = await pair.menteeContext.newPage();
    const secondTabErrors = watchConsoleErrors(secondTab);
    await openPreJoin(secondTab, roomId, 'Kavya');
    await expect(secondTab.getByRole('button', { name: 'Join now' })).toBeEnabled({ timeout: 45_000 });
    await secondTab.getByRole('button', { name: 'Join now' }).click();
    await expect(
      secondTab.getByRole('heading', { level: 1, name: meetMessages.openInAnotherTab }),
    ).toBeVisible();
    // Not a black screen claiming Kavya is here, and the call in the first tab goes on untouched.
    await expect(secondTab.getByText('Kavya is here')).toHaveCount(0);
    await expectVideoFlowing(mentor, 'the mentor, with the mentee’s second tab open');
    await expectNoSeriousA11yViolations(secondTab);
    await shootThreeWays(secondTab, 'open-in-another-tab');

    await secondTab.getByRole('button', { name: 'Use here instead' }).click();
    await expect(secondTab.getByRole('heading', { name: 'Session with Kavya' })).toBeAttached();
    await expect(secondTab.getByText('Kavya is here').first()).toBeVisible();
    await expect(
      mentee.getByRole('heading', { level: 1, name: meetMessages.movedToAnotherTab }),
    ).toBeVisible();
    await expect(mentee.getByRole('button', { name: 'Use here instead' })).toBeVisible();
    // A fresh connection between the new tab and the mentor: each sees the other again.
    await expectVideoFlowing(mentor, 'the mentor, after the call moved to the second tab');
    await expectVideoFlowing(secondTab, 'the second tab');
    await expect(mentor.getByText('Meera is here').first()).toBeVisible();
    await shootThreeWays(mentee, 'moved-away');

    // And back to the first tab.
    await mentee.getByRole('button', { name: 'Use here instead' }).click();
    await expect(
      secondTab.getByRole('heading', { level: 1, name: meetMessages.movedToAnotherTab }),
    ).toBeVisible();
    await expectVideoFlowing(mentor, 'the mentor, after the call came back to the first tab');
    await expectVideoFlowing(mentee, 'the first tab, again');
    expect(secondTabErrors).toEqual([]);
  } finally {
    await Promise.all([pair.mentorContext.close(), pair.menteeContext.close()]);
  }
});

test('the call survives a restart of the signalling server: a reconnecting banner, then media and chat again without a reload', async ({
  browser,
  mentorStack,
}) => {
  test.setTimeout(300_000); // two browsers and a second api process started twice on a busy machine
  const pair = await mentorAndMentee(browser, mentorStack.id);
  // Its own api process (the suite's server serves every other test meanwhile), on a port of this run's own.
  const server = await startOwnServer(appPort + 7);
  try {
    await Promise.all([recordPeerConnections(pair.mentorContext), recordPeerConnections(pair.menteeContext)]);
    const roomId = await openRoomNow(await bookAndPayThroughApi(pair));
    const mentee = await pair.menteeContext.newPage();
    const mentor = await pair.mentorContext.newPage();
    for (const [page, peer] of [
      [mentee, 'Kavya'],
      [mentor, 'Meera'],
    ] as const) {
      await page.goto(`${server.baseURL}/meet/${roomId}`);
      await pressJoin(page, peer);
    }
    await expectVideoFlowing(mentee, 'the mentee');
    await expectVideoFlowing(mentor, 'the mentor');

    await server.stop();
    await expect(mentee.getByText('Reconnecting…')).toBeVisible();
    await expect(mentor.getByText('Reconnecting…')).toBeVisible();
    await server.start();

    await expect(mentee.getByText('Reconnecting…')).toBeHidden({ timeout: 45_000 });
    await expect(mentor.getByText('Reconnecting…')).toBeHidden({ timeout: 45_000 });
    await expect(mentee.getByText('Kavya is here').first()).toBeVisible();
    await expect(mentor.getByText('Meera is here').first()).toBeVisible();
    await expectVideoFlowing(mentee, 'the mentee, after the restart');
    await expectVideoFlowing(mentor, 'the mentor, after the restart');
    await sendChat(mentor, 'Still with me after that blip?');
    await expect(mentee.getByRole('list', { name: 'Messages' })).toContainText(
      'Still with me after that blip?',
    );
    // Neither page was reloaded: the pre-join screen never came back.
    await expect(mentee.getByRole('heading', { name: 'Ready to join?' })).toHaveCount(0);
  } finally {
    await server.stop();
    await Promise.all([pair.mentorContext.close(), pair.menteeContext.close()]);
  }
});

test('nobody else gets into an open room: a third user reads that it is not theirs, a signed-out visitor is sent to sign in, and the socket refuses both', async ({
  browser,
  mentorStack,
}) => {
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

    // A hand-made client gets no further than the page: the stranger's join and the visitor's handshake are refused.
    expect(await joinFromOutside(baseURL, stranger, roomId)).toEqual({
      ok: false,
      message: meetMessages.notFound,
    });
    expect(await joinFromOutside(baseURL, undefined, roomId)).toEqual({
      ok: false,
      message: socketRefusals.notSignedIn,
    });
    // The mentee's own cookies do get in, so the refusals above are about who asks.
    expect(await joinFromOutside(baseURL, pair.menteeContext, roomId)).toMatchObject({
      ok: true,
      polite: true,
    });
  } finally {
    await Promise.all([
      pair.mentorContext.close(),
      pair.menteeContext.close(),
      stranger.close(),
      visitor.close(),
    ]);
  }
});

test('outside the window the room stays shut: before it, the page says when it opens; after it, that it is closed; the socket agrees', async ({
  browser,
  mentorStack,
}) => {
  test.slow();
  const pair = await mentorAndMentee(browser, mentorStack.id);
  try {
    const bookingId = await bookAndPayThroughApi(pair);
    const roomId = await roomOpensIn(bookingId, 20);
    const page = await pair.menteeContext.newPage();
    await page.goto(`/meet/${roomId}`);
    await expect(page.getByRole('heading', { level: 1, name: meetMessages.notOpenYet })).toBeVisible();
    await expect(page.getByText(/^It opens on .+, 10 minutes before the session starts\.$/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Join now' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    expect(await joinFromOutside(baseURL, pair.menteeContext, roomId)).toEqual({
      ok: false,
      message: meetMessages.notOpenYet,
    });

    await completeSessionInThePast(bookingId);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: meetMessages.closed })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Join now' })).toHaveCount(0);
    expect(await joinFromOutside(baseURL, pair.mentorContext, roomId)).toEqual({
      ok: false,
      message: meetMessages.closed,
    });
  } finally {
    await Promise.all([pair.mentorContext.close(), pair.menteeContext.close()]);
  }
});

test('without camera permission the pre-join screen says why and what to do, and the person can still join the call', async ({
  browser,
  mentorStack,
}) => {
  test.slow();
  const pair = await mentorAndMentee(browser, mentorStack.id);
  try {
    const roomId = await openRoomNow(await bookAndPayThroughApi(pair));
    // As when the person answers "Block" to the browser's prompt.
    await pair.menteeContext.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () =>
        Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
    });
    const page = await pair.menteeContext.newPage();
    await openPreJoin(page, roomId, 'Kavya');
    await expect(page.getByRole('alert')).toContainText('You did not allow the camera and microphone.');
    await expect(page.getByText('Your camera is off')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await pressJoin(page, 'Kavya');
    await expect(page.getByText('Waiting for Kavya to join').first()).toBeVisible();
    await expect(page.getByRole('button', { name: /^Mute/ })).toBeDisabled();
    await expect(page.getByRole('button', { name: /^Camera off/ })).toBeDisabled();
    await sendChat(page, 'My camera is blocked, I will type for now.');
    await expect(page.getByRole('list', { name: 'Messages' })).toContainText(
      'My camera is blocked, I will type for now.',
    );
  } finally {
    await Promise.all([pair.mentorContext.close(), pair.menteeContext.close()]);
  }
});
