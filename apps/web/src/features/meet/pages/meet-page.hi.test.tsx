import type { MeetRoom } from '@skillroute/shared/meet';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/routes';
import { login } from '@/features/auth/api';
import { setLanguage } from '@/lib/i18n';
import { json, serve } from '@/test/fake-server';
import { makeTestStore, renderRoutes } from '@/test/render';

const ROOM_ID = '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b';
const grace = {
  id: '5d0f6a3e-2c1b-4a8e-9f7d-3e2b1c0a9f88',
  name: 'Grace',
  email: 'grace@example.com',
  role: 'user',
  avatar: null,
} as const;

function aRoom(changes: Partial<MeetRoom> = {}): MeetRoom {
  return {
    roomId: ROOM_ID,
    booking: {
      id: '9a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
      startTime: '2099-12-01T04:30:00.000Z',
      endTime: '2099-12-01T05:30:00.000Z',
      status: 'confirmed',
    },
    self: { id: grace.id, name: 'Grace' },
    peer: { id: '0b7c2e7e-1d7e-4f57-9a53-2f0f7d3c1a11', name: 'Asha', avatar: null },
    polite: true,
    opensAt: '2099-12-01T04:20:00.000Z',
    closesAt: '2099-12-01T05:45:00.000Z',
    open: false,
    iceServers: [],
    ...changes,
  };
}

function open(room: MeetRoom) {
  serve({
    'GET /api/auth/session': () => json(200, { user: grace }),
    [`GET /api/meet/${ROOM_ID}`]: () => json(200, room),
  });
  const store = makeTestStore();
  store.dispatch(login(grace));
  renderRoutes(routes, `/meet/${ROOM_ID}`, store);
}

describe('/meet/{roomId} in Hindi', () => {
  beforeEach(async () => {
    await setLanguage('hi');
  });
  // The other test files of this worker share the module graph: they read English.
  afterEach(async () => {
    vi.unstubAllGlobals();
    await setLanguage('en');
  });

  it('labels the camera and microphone pickers and Join in Hindi, and says why the camera is not there', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      mediaDevices: {
        getUserMedia: async () => Promise.reject(new DOMException('', 'NotAllowedError')),
        enumerateDevices: async () => [
          { kind: 'videoinput', deviceId: 'cam-1', label: 'Front camera' },
          { kind: 'audioinput', deviceId: 'mic-1', label: 'Built-in microphone' },
        ],
      },
    });
    open(aRoom({ open: true }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'जॉइन करने के लिए तैयार?' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Asha के साथ आपका सेशन')).toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: 'कैमरा' })).toHaveTextContent('Front camera');
    expect(screen.getByRole('combobox', { name: 'माइक्रोफ़ोन' })).toHaveTextContent('Built-in microphone');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'आपने कैमरा और माइक्रोफ़ोन की अनुमति नहीं दी। ब्राउज़र की साइट सेटिंग्स में अनुमति देकर पेज रीलोड करें, या उनके बिना जॉइन करें।',
    );
    expect(screen.getByText('आपका कैमरा बंद है')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'अभी जॉइन करें' })).toBeEnabled();
  });

  it('says in Hindi when a room opens, with the way back to the bookings', async () => {
    open(aRoom());
    const heading = await screen.findByRole('heading', { level: 1, name: 'यह रूम अभी खुला नहीं है।' });
    expect(heading.nextElementSibling).toHaveTextContent(/^यह .+ पर खुलेगा, सेशन शुरू होने से 10 मिनट पहले।$/);
    expect(screen.getByRole('link', { name: 'अपनी बुकिंग पर वापस जाएँ' })).toHaveAttribute(
      'href',
      '/profile/bookings',
    );
  });

  it('says in Hindi that a cancelled session’s room is closed', async () => {
    open(aRoom({ booking: { ...aRoom().booking, status: 'cancelled' } }));
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'यह सेशन रद्द हो गया था, इसलिए इसका रूम बंद है।',
      }),
    ).toBeInTheDocument();
  });
});
