import { describe, expect, it } from 'vitest';
import {
  chatRequestSchema,
  CHAT_MESSAGE_MAX,
  isRoomOpen,
  joinRequestSchema,
  mediaStateSchema,
  roomWindow,
  signalSchema,
} from './meet';

const start = new Date('2030-03-04T10:00:00.000Z');
const end = new Date('2030-03-04T11:00:00.000Z');
const confirmed = { status: 'confirmed', startTime: start, endTime: end };
const at = (iso: string) => new Date(iso);

describe('roomWindow', () => {
  it('opens 10 minutes before the start and closes 15 minutes after the end', () => {
    expect(roomWindow(confirmed)).toEqual({
      opensAt: at('2030-03-04T09:50:00.000Z'),
      closesAt: at('2030-03-04T11:15:00.000Z'),
    });
  });

  it('takes the ISO strings the api sends as well as dates', () => {
    expect(roomWindow({ startTime: start.toISOString(), endTime: end.toISOString() })).toEqual(
      roomWindow(confirmed),
    );
  });
});

describe('isRoomOpen', () => {
  it.each([
    ['a second before it opens', '2030-03-04T09:49:59.000Z', false],
    ['the moment it opens', '2030-03-04T09:50:00.000Z', true],
    ['a second after it opens', '2030-03-04T09:50:01.000Z', true],
    ['during the session', '2030-03-04T10:30:00.000Z', true],
    ['a second before it closes', '2030-03-04T11:14:59.000Z', true],
    ['the moment it closes', '2030-03-04T11:15:00.000Z', false],
    ['a second after it closes', '2030-03-04T11:15:01.000Z', false],
  ])('a confirmed booking, %s: %s', (_when, now, open) => {
    expect(isRoomOpen(confirmed, at(now))).toBe(open);
  });

  it('keeps a completed session open until the window closes (completion runs at the end time)', () => {
    expect(isRoomOpen({ ...confirmed, status: 'completed' }, at('2030-03-04T11:05:00.000Z'))).toBe(true);
  });

  it.each(['pending_payment', 'expired', 'payment_failed', 'cancelled'])(
    'never opens for a %s booking, even inside the window',
    (status) => {
      expect(isRoomOpen({ ...confirmed, status }, at('2030-03-04T10:30:00.000Z'))).toBe(false);
    },
  );
});

describe('the socket payloads', () => {
  it('joins only a room id shaped like one', () => {
    expect(joinRequestSchema.safeParse({ roomId: '0b6f4ad2-6a0e-4b1e-9a57-0d1f5a3c2b10' }).success).toBe(
      true,
    );
    expect(joinRequestSchema.safeParse({ roomId: 'user:someone' }).success).toBe(false);
    expect(joinRequestSchema.safeParse('0b6f4ad2-6a0e-4b1e-9a57-0d1f5a3c2b10').success).toBe(false);
  });

  it('joins with the page’s tab id and a wish to take the call over, each of a sane shape', () => {
    const roomId = '0b6f4ad2-6a0e-4b1e-9a57-0d1f5a3c2b10';
    expect(joinRequestSchema.safeParse({ roomId, tabId: 'tab-1', takeOver: true }).success).toBe(true);
    expect(joinRequestSchema.safeParse({ roomId, tabId: '' }).success).toBe(false);
    expect(joinRequestSchema.safeParse({ roomId, tabId: 'x'.repeat(65) }).success).toBe(false);
    expect(joinRequestSchema.safeParse({ roomId, takeOver: 'yes' }).success).toBe(false);
  });

  it('says whether the camera and the microphone are on, and nothing else', () => {
    expect(mediaStateSchema.safeParse({ cameraOn: false, micOn: true }).success).toBe(true);
    expect(mediaStateSchema.safeParse({ cameraOn: false }).success).toBe(false);
    expect(mediaStateSchema.safeParse({ cameraOn: 0, micOn: 1 }).success).toBe(false);
    expect(mediaStateSchema.safeParse({ cameraOn: true, micOn: true, extra: 'x' }).success).toBe(false);
  });

  it('trims chat, refusing an empty one and one over the limit', () => {
    expect(chatRequestSchema.parse({ text: '  hello ' }).text).toBe('hello');
    expect(chatRequestSchema.safeParse({ text: '   ' }).success).toBe(false);
    expect(chatRequestSchema.safeParse({ text: 'x'.repeat(CHAT_MESSAGE_MAX + 1) }).success).toBe(false);
    expect(chatRequestSchema.safeParse({ text: 'x'.repeat(CHAT_MESSAGE_MAX) }).success).toBe(true);
  });

  it('accepts SDP and ICE candidates, and nothing else', () => {
    expect(signalSchema.safeParse({ description: { type: 'offer', sdp: 'v=0' } }).success).toBe(true);
    expect(
      signalSchema.safeParse({
        candidate: { candidate: 'candidate:1 1 udp 1 10.0.0.1 5000 typ host', sdpMid: '0', sdpMLineIndex: 0 },
      }).success,
    ).toBe(true);
    expect(signalSchema.safeParse({ candidate: null }).success).toBe(true);
    expect(signalSchema.safeParse({ description: { type: 'evil', sdp: 'v=0' } }).success).toBe(false);
    expect(signalSchema.safeParse({ description: { type: 'offer', sdp: 'x'.repeat(200_001) } }).success).toBe(
      false,
    );
    expect(signalSchema.safeParse({ hello: 'world' }).success).toBe(false);
  });
});
