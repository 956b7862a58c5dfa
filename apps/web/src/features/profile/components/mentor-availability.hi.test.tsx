import type { Availability } from '@skillroute/shared/availability';
import { emptyWeeklySchedule } from '@skillroute/shared/availability';
import { DEFAULT_BOOKING_SETTINGS } from '@skillroute/shared/booking-settings';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { routes } from '@/app/routes';
import { login } from '@/features/auth/api';
import { setLanguage } from '@/lib/i18n';
import { json, serve } from '@/test/fake-server';
import { makeTestStore, renderRoutes } from '@/test/render';

const nila = { id: 'u1', name: 'Nila', email: 'nila@example.com', role: 'mentor', avatar: null } as const;
const mentor = {
  ...nila,
  headline: 'Frontend engineer at a bank',
  bio: 'I have shipped React apps for years and like helping people learn the craft.',
  expirience: 3,
  languages: ['english', 'hindi'],
  assessedSkills: ['React'],
  linkedinUrl: 'https://www.linkedin.com/in/nila',
  githubUrl: 'https://github.com/nila',
  companies: [] as string[],
  pricePerSession: 1500,
  timezone: 'Asia/Kolkata',
  rating: null,
  reviewCount: 0,
  sessionsHeld: 0,
};
const saved: Availability = {
  mentorId: 'u1',
  weeklySchedule: {
    ...emptyWeeklySchedule(),
    tuesday: { isAvailable: true, timeSlots: [{ startTime: '11:00 AM', endTime: '12:00 PM' }] },
  },
  pricePerSession: 1500,
  timezone: 'Asia/Kolkata',
  overrides: [],
};

beforeAll(() =>
  Promise.all([
    import('@/features/profile/pages/profile-general-page'),
    import('@/features/profile/components/mentor-profile-fields'),
  ]),
);

describe('a mentor’s profile and Availability dialog in Hindi', () => {
  beforeEach(async () => {
    await setLanguage('hi');
  });
  // The other test files of this worker share the module graph: they read English.
  afterEach(async () => {
    await setLanguage('en');
  });

  it('writes the mentor’s fields, the week, the hours and the booking settings in Hindi', async () => {
    const user = userEvent.setup();
    serve({
      'GET /api/auth/session': () => json(200, { user: nila }),
      'GET /api/user/u1': () => json(200, { user: nila }),
      'GET /api/mentor/details/u1': () => json(200, { mentor }),
      'GET /api/mentors/availability/u1': () => json(200, saved),
      'GET /api/mentors/booking-settings': () => json(200, DEFAULT_BOOKING_SETTINGS),
    });
    const store = makeTestStore();
    store.dispatch(login(nila));
    renderRoutes(routes, '/profile/general', store);

    expect(await screen.findByRole('heading', { level: 2, name: 'मेंटर प्रोफ़ाइल' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '3+ साल का अनुभव, अनुभव बदलें' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'भाषाएँ जो मुझे आती हैं' })).toHaveTextContent(/अंग्रेज़ी.*हिन्दी/);
    expect(screen.getByText('₹1,500 प्रति सेशन')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'उपलब्धता मैनेज करें' }));
    const dialog = await screen.findByRole('dialog', { name: 'उपलब्धता' });
    await within(dialog).findByRole('button', { name: 'सेव करें' });
    expect(within(dialog).getByRole('switch', { name: 'मंगलवार' })).toBeChecked();
    expect(within(dialog).getAllByText('उपलब्ध नहीं')).toHaveLength(4);
    expect(within(dialog).getByLabelText('प्रति घंटा कीमत')).toHaveValue(1500);
    expect(within(dialog).getByText('रुपयों में, 100-100 करके।')).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'मंगलवार से' })).toHaveTextContent('11:00 am');
    expect(within(dialog).getByRole('combobox', { name: 'मंगलवार तक' })).toHaveTextContent('12:00 pm');
    expect(within(dialog).getByRole('button', { name: 'तारीख जोड़ें' })).toBeInTheDocument();
    expect(await within(dialog).findByLabelText('कम से कम नोटिस (घंटों में)')).toHaveValue(2);
    expect(within(dialog).getByRole('option', { name: 'कोई बफ़र नहीं' })).toBeInTheDocument();
    expect(within(dialog).getByRole('option', { name: '15 मिनट' })).toBeInTheDocument();
    expect(within(dialog).getByText('आपके हर सेशन से पहले और बाद में खाली रखा गया समय।')).toBeInTheDocument();
  });
});
