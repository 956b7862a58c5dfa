import { expect, type BrowserContext, type Page } from '@playwright/test';
import { MEET_NAMESPACE, type JoinAck } from '@skillroute/shared/meet';
import { SOCKET_PATH } from '@skillroute/shared/constants';
import { io } from 'socket.io-client';
import { chromiumLaunchOptions } from './chromium';

/**
 * Chromium's fake camera (640 × 480, at 10 frames a second: each frame is encoded and decoded on the CPU, and
 * what the calls check does not depend on the rate), microphone (a beep) and screen (1280 × 720), allowed
 * without a prompt, and peer connections over loopback (both people are on this machine). For
 * `test.use({ launchOptions })`, which replaces the project's options, so its flags are spread in.
 */
export const fakeMediaLaunchOptions = {
  ...chromiumLaunchOptions,
  args: [
    ...chromiumLaunchOptions.args,
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream=fps=10',
    '--allow-loopback-in-peer-connection',
  ],
};

/** Keeps every RTCPeerConnection the pages of a context make in window.__pcs, so a test can read their stats. */
export async function recordPeerConnections(context: BrowserContext): Promise<void> {
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

/** What the page receives from the other person now, summed over its open peer connections (getStats inbound-rtp). */
export interface Received {
  framesDecoded: number;
  frameWidth: number;
  frameHeight: number;
  audioEnergy: number;
}

export function received(page: Page): Promise<Received> {
  return page.evaluate(async () => {
    const open = (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs.filter(
      (pc) => pc.signalingState !== 'closed',
    );
    const total = { framesDecoded: 0, frameWidth: 0, frameHeight: 0, audioEnergy: 0 };
    for (const pc of open) {
      (await pc.getStats()).forEach(
        (report: {
          type: string;
          kind?: string;
          framesDecoded?: number;
          frameWidth?: number;
          frameHeight?: number;
          totalAudioEnergy?: number;
        }) => {
          if (report.type !== 'inbound-rtp') return;
          if (report.kind === 'video') {
            total.framesDecoded += report.framesDecoded ?? 0;
            if (report.frameWidth) total.frameWidth = report.frameWidth;
            if (report.frameHeight) total.frameHeight = report.frameHeight;
          }
          if (report.kind === 'audio') total.audioEnergy += report.totalAudioEnergy ?? 0;
        },
      );
    }
    return total;
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How much of `what` the page received over `ms`: the growth of a counter between two readings. */
async function growthOver(page: Page, what: 'framesDecoded' | 'audioEnergy', ms: number): Promise<number> {
  const before = (await received(page))[what];
  await pause(ms);
  return (await received(page))[what] - before;
}

/** Fails unless the page keeps decoding the other person's video: its decoded frames keep rising. */
export async function expectVideoFlowing(page: Page, who: string): Promise<void> {
  await expect
    .poll(async () => (await received(page)).framesDecoded, {
      message: `${who} decodes video`,
      timeout: 45_000,
    })
    .toBeGreaterThan(0);
  await expect
    .poll(() => growthOver(page, 'framesDecoded', 1000), {
      message: `${who} keeps decoding video`,
      timeout: 30_000,
    })
    .toBeGreaterThan(0);
}

/** Fails unless the video the page receives stops: no frame decoded over two seconds (polled, so a frame in flight may still land). */
export async function expectVideoStopped(page: Page, who: string): Promise<void> {
  await expect
    .poll(() => growthOver(page, 'framesDecoded', 2000), {
      message: `${who} receives no more video`,
      timeout: 30_000,
    })
    .toBe(0);
}

/** The fake microphone beeps: the audio energy the page receives rises while the other person is not muted. */
export async function expectSoundFlowing(page: Page, who: string): Promise<void> {
  await expect
    .poll(() => growthOver(page, 'audioEnergy', 2000), { message: `${who} hears sound`, timeout: 30_000 })
    .toBeGreaterThan(0);
}

/** A muted microphone sends silence: no audio energy over three seconds (more than one beep's period). */
export async function expectSilence(page: Page, who: string): Promise<void> {
  await expect
    .poll(() => growthOver(page, 'audioEnergy', 3000), { message: `${who} hears nothing`, timeout: 30_000 })
    .toBe(0);
}

export async function openPreJoin(page: Page, roomId: string, peerName: string): Promise<void> {
  await page.goto(`/meet/${roomId}`);
  await expect(page.getByRole('heading', { name: 'Ready to join?' })).toBeVisible();
  await expect(page.getByText(`Your session with ${peerName}`)).toBeVisible();
}

export async function pressJoin(page: Page, peerName: string): Promise<void> {
  // Join waits for the camera and microphone to start, which takes long on a loaded machine.
  await expect(page.getByRole('button', { name: 'Join now' })).toBeEnabled({ timeout: 45_000 });
  await page.getByRole('button', { name: 'Join now' }).click();
  await expect(page.getByRole('heading', { name: `Session with ${peerName}` })).toBeAttached();
}

/**
 * Opens a `/meet` socket from the test itself, with a context's cookies (or none), and asks to join: what a
 * hand-made client gets, whatever the page would have shown. Resolves with the join's ack, or with the
 * handshake's refusal as `{ ok: false, message }`.
 */
export async function joinFromOutside(
  baseURL: string,
  context: BrowserContext | undefined,
  roomId: string,
): Promise<JoinAck> {
  const cookies = context ? await context.cookies(baseURL) : [];
  const socket = io(`${baseURL}${MEET_NAMESPACE}`, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    reconnection: false,
    extraHeaders: cookies.length
      ? { cookie: cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ') }
      : {},
  });
  try {
    return await new Promise<JoinAck>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the /meet socket answered nothing')), 20_000);
      const settle = (ack: JoinAck) => {
        clearTimeout(timer);
        resolve(ack);
      };
      socket.on('connect_error', (error) => settle({ ok: false, message: error.message }));
      socket.on('connect', () => socket.emit('join', { roomId }, settle));
    });
  } finally {
    socket.disconnect();
  }
}
