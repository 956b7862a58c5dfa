import {
  emptyWeeklySchedule,
  pricePerSessionSchema,
  type Availability,
} from '@skillroute/shared/availability';
import {
  bookingSettingsMessages,
  DEFAULT_BOOKING_SETTINGS,
  type BookingSettings,
} from '@skillroute/shared/booking-settings';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { login } from '@/features/auth/api';
import { addDays, browserTimezone, todayIn } from '@/features/profile/availability-form';
import { resetToasts } from '@/lib/use-toast';
import { envelope, json, serve, type RecordedCall, type Routes } from '@/test/fake-server';
import { makeTestStore, renderRoutes } from '@/test/render';
import { routes } from '@/app/routes';

const nila = { id: 'u1', name: 'Nila', email: 'nila@example.com', role: 'mentor', avatar: null } as const;
const mentor = {
  id: 'u1',
  name: 'Nila',
  email: 'nila@example.com',
  avatar: null,
  role: 'mentor',
  headline: 'Frontend engineer at a bank',
  bio: 'I have shipped React apps for years and like helping people learn the craft.',
  expirience: 3,
  languages: ['english'],
  assessedSkills: ['React'],
  linkedinUrl: 'https://www.linkedin.com/in/nila',
  githubUrl: 'https://github.com/nila',
  companies: [] as string[],
  pricePerSession: null as number | null,
  timezone: 'Asia/Kolkata',
  rating: null,
  reviewCount: 0,
  sessionsHeld: 0,
};
const neverSaved: Availability = {
  mentorId: 'u1',
  weeklySchedule: emptyWeeklySchedule(),
  pricePerSession: null,
  timezone: 'Asia/Kolkata',
  overrides: [],
};
const slot = (startTime: string, endTime: string) => ({ startTime, endTime });
const saved: Availability = {
  mentorId: 'u1',
  weeklySchedule: {
    ...emptyWeeklySchedule(),
    tuesday: {
      isAvailable: true,
      timeSlots: [slot('11:00 AM', '12:00 PM'), slot('12:00 PM', '1:00 PM'), slot('1:00 PM', '2:00 PM')],
    },
  },
  pricePerSession: 1500,
  timezone: 'Europe/Paris',
  overrides: [],
};
const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];

afterEach(() => act(() => resetToasts()));

beforeAll(() =>
  Promise.all([
    import('@/features/profile/pages/profile-general-page'),
    import('@/features/profile/components/mentor-profile-fields'),
  ]),
);

function openProfile(
  handlers: Routes = {},
  user: { id: string; name: string; email: string; role: 'mentor' | 'user'; avatar: null } = nila,
) {
  const server = serve({
    'GET /api/auth/session': () => json(200, { user }),
    'GET /api/user/u1': () => json(200, { user }),
    'GET /api/mentor/details/u1': () => json(200, { mentor }),
    'GET /api/mentors/availability/u1': () => json(200, neverSaved),
    'GET /api/mentors/booking-settings': () => json(200, DEFAULT_BOOKING_SETTINGS),
    ...handlers,
  });
  const store = makeTestStore();
  store.dispatch(login(user));
  return { ...server, ...renderRoutes(routes, '/profile/general', store) };
}

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Manage Availability' }));
  const dialog = await screen.findByRole('dialog', { name: 'Availability' });
  await within(dialog).findByRole('button', { name: 'Save' });
  return dialog;
}

async function pick(
  user: ReturnType<typeof userEvent.setup>,
  dialog: HTMLElement,
  select: string,
  option: string,
) {
  await user.click(within(dialog).getByRole('combobox', { name: select }));
  await user.click(await screen.findByRole('option', { name: option }));
}

const zoneText = (dialog: HTMLElement) =>
  within(dialog).getByText(/You will receive bookings in your local timezone:/).textContent;

describe('the Availability dialog', () => {
  it('is offered to mentors only, and reads the week only once opened', async () => {
    const visitor = openProfile({}, { ...nila, role: 'user' });
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    await waitFor(() => expect(visitor.callsTo('GET', '/api/user/u1')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Manage Availability' })).not.toBeInTheDocument();
    expect(visitor.callsTo('GET', '/api/mentors/availability/u1')).toHaveLength(0);
    visitor.unmount();

    const user = userEvent.setup();
    const { callsTo } = openProfile();
    expect(await screen.findByRole('button', { name: 'Manage Availability' })).toBeInTheDocument();
    expect(callsTo('GET', '/api/mentors/availability/u1')).toHaveLength(0);
    await openDialog(user);
    expect(callsTo('GET', '/api/mentors/availability/u1')).toHaveLength(1);
  });

  it('starts, before any save, with every day off from 10 to 17, no rate and the browser’s zone', async () => {
    const user = userEvent.setup();
    openProfile();
    const dialog = await openDialog(user);
    for (const day of DAYS) expect(within(dialog).getByRole('switch', { name: day })).not.toBeChecked();
    expect(within(dialog).getAllByText('Unavailable')).toHaveLength(5);
    expect(within(dialog).getByLabelText('Hourly Rate')).toHaveValue(null);
    expect(within(dialog).getByLabelText('Hourly Rate')).toHaveAttribute('min', '100');
    expect(within(dialog).getByLabelText('Hourly Rate')).toHaveAttribute('step', '100');
    expect(zoneText(dialog)).toBe(
      `You will receive bookings in your local timezone: ${browserTimezone() ?? 'Asia/Kolkata'}`,
    );

    await user.click(within(dialog).getByRole('switch', { name: 'Monday' }));
    expect(within(dialog).getByRole('combobox', { name: 'Monday From' })).toHaveTextContent('10:00 AM');
    expect(within(dialog).getByRole('combobox', { name: 'Monday To' })).toHaveTextContent('5:00 PM');
    expect(within(dialog).getAllByText('Unavailable')).toHaveLength(4);
  });

  it('shows a saved week as from/to hours, and "Unavailable" for a day switched off', async () => {
    const user = userEvent.setup();
    openProfile({ 'GET /api/mentors/availability/u1': () => json(200, saved) });
    const dialog = await openDialog(user);
    expect(within(dialog).getByLabelText('Hourly Rate')).toHaveValue(1500);
    expect(zoneText(dialog)).toContain('Europe/Paris');
    expect(within(dialog).getByRole('switch', { name: 'Tuesday' })).toBeChecked();
    expect(within(dialog).getByRole('combobox', { name: 'Tuesday From' })).toHaveTextContent('11:00 AM');
    expect(within(dialog).getByRole('combobox', { name: 'Tuesday To' })).toHaveTextContent('2:00 PM');
    expect(within(dialog).getAllByText('Unavailable')).toHaveLength(4);

    await user.click(within(dialog).getByRole('switch', { name: 'Tuesday' }));
    expect(within(dialog).getAllByText('Unavailable')).toHaveLength(5);
    expect(within(dialog).queryByRole('combobox', { name: 'Tuesday From' })).not.toBeInTheDocument();
  });

  it('refuses a From at or after To with both rules under the selects, and does not save', async () => {
    const user = userEvent.setup();
    const { callsTo } = openProfile({ 'GET /api/mentors/availability/u1': () => json(200, saved) });
    const dialog = await openDialog(user);
    await pick(user, dialog, 'Tuesday From', '3:00 PM');
    expect(await within(dialog).findByText('From must be before To')).toBeInTheDocument();
    expect(within(dialog).getByText('To must be after From')).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'Tuesday From' })).toHaveAccessibleDescription(
      'From must be before To',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(callsTo('PUT', '/api/mentors/availability')).toHaveLength(0);

    // Moving To past From clears both.
    await pick(user, dialog, 'Tuesday To', '4:00 PM');
    await waitFor(() => expect(within(dialog).queryByText('From must be before To')).not.toBeInTheDocument());
    expect(within(dialog).queryByText('To must be after From')).not.toBeInTheDocument();
  });

  it('shows the rate’s rule in red under the input', async () => {
    const user = userEvent.setup();
    const { callsTo } = openProfile();
    const dialog = await openDialog(user);
    const rate = within(dialog).getByLabelText('Hourly Rate');
    await user.type(rate, '150');
    const message = pricePerSessionSchema.safeParse(150).error!.issues[0]!.message;
    expect(await within(dialog).findByText(message)).toHaveClass('text-destructive');
    expect(rate).toHaveAttribute('aria-invalid', 'true');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(callsTo('PUT', '/api/mentors/availability')).toHaveLength(0);
  });

  it('"Click here" switches every day on with the first available day’s hours', async () => {
    const user = userEvent.setup();
    openProfile({ 'GET /api/mentors/availability/u1': () => json(200, saved) });
    const dialog = await openDialog(user);
    expect(within(dialog).getByText(/To apply this slot to all days/)).toHaveTextContent(
      'To apply this slot to all days Click here',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Click here' }));
    for (const day of DAYS) {
      expect(within(dialog).getByRole('switch', { name: day })).toBeChecked();
      expect(within(dialog).getByRole('combobox', { name: `${day} From` })).toHaveTextContent('11:00 AM');
      expect(within(dialog).getByRole('combobox', { name: `${day} To` })).toHaveTextContent('2:00 PM');
    }
    expect(within(dialog).queryByText('Unavailable')).not.toBeInTheDocument();
  });

  it('names the zone picked, found by typing', async () => {
    const user = userEvent.setup();
    openProfile();
    const dialog = await openDialog(user);
    const picker = within(dialog).getByRole('combobox', { name: 'Time zone' });
    await user.click(picker);
    await user.type(picker, 'new york');
    await user.click(within(dialog).getByRole('option', { name: 'America/New York' }));
    expect(zoneText(dialog)).toBe('You will receive bookings in your local timezone: America/New_York');
    expect(picker).toHaveValue('America/New_York');

    // By keyboard; Escape closes the list, not the dialog.
    await user.clear(picker);
    await user.type(picker, 'kolkata');
    expect(picker).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(picker).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('dialog', { name: 'Availability' })).toBeInTheDocument();
    await user.type(picker, 'kolkata{ArrowDown}{ArrowUp}{Enter}');
    expect(zoneText(dialog)).toContain('Asia/Kolkata');
  });

  it('saves the week as one-hour slots with the rate, the zone and the overrides, then says so', async () => {
    const user = userEvent.setup();
    const { callsTo } = openProfile({
      'GET /api/mentors/availability/u1': () => json(200, saved),
      'PUT /api/mentors/availability': (call) =>
        json(200, { ...(call.body as Availability), message: 'Availability updated' }),
    });
    const dialog = await openDialog(user);
    await user.clear(within(dialog).getByLabelText('Hourly Rate'));
    await user.type(within(dialog).getByLabelText('Hourly Rate'), '2000');
    await user.click(within(dialog).getByRole('switch', { name: 'Monday' }));
    await pick(user, dialog, 'Monday From', '3:00 PM');

    const today = todayIn('Europe/Paris');
    await user.click(within(dialog).getByRole('button', { name: 'Add a date' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add a date' }));
    const [first, second] = within(dialog).getAllByRole('group', { name: /^Override/ });
    expect(within(first!).getByLabelText('Date')).toHaveAttribute('min', today);
    expect(within(first!).getByLabelText('Date')).toHaveAttribute('max', addDays(today, 180));
    await user.type(within(first!).getByLabelText('Date'), addDays(today, 3));
    expect(within(first!).getByRole('switch', { name: 'Day off' })).toBeChecked();
    await user.type(within(second!).getByLabelText('Date'), addDays(today, 4));
    await user.click(within(second!).getByRole('switch', { name: 'Day off' }));
    await pick(user, second!, 'Override 2 From', '12:00 PM');
    await pick(user, second!, 'Override 2 To', '2:00 PM');
    // A third, added then removed, is not sent.
    await user.click(within(dialog).getByRole('button', { name: 'Add a date' }));
    await user.click(within(dialog).getByRole('button', { name: 'Remove the override for date 3' }));

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Availability Updated')).toBeInTheDocument();
    expect(screen.getByText('Your time slots have been successfully updated.')).toBeInTheDocument();
    expect(callsTo('PUT', '/api/mentors/availability').map((call: RecordedCall) => call.body)).toEqual([
      {
        mentorId: 'u1',
        weeklySchedule: {
          monday: { isAvailable: true, timeSlots: [slot('3:00 PM', '4:00 PM'), slot('4:00 PM', '5:00 PM')] },
          tuesday: {
            isAvailable: true,
            timeSlots: [
              slot('11:00 AM', '12:00 PM'),
              slot('12:00 PM', '1:00 PM'),
              slot('1:00 PM', '2:00 PM'),
            ],
          },
          wednesday: { isAvailable: false, timeSlots: [] },
          thursday: { isAvailable: false, timeSlots: [] },
          friday: { isAvailable: false, timeSlots: [] },
        },
        pricePerSession: 2000,
        timezone: 'Europe/Paris',
        overrides: [
          { date: addDays(today, 3), isAvailable: false, timeSlots: [] },
          {
            date: addDays(today, 4),
            isAvailable: true,
            timeSlots: [slot('12:00 PM', '1:00 PM'), slot('1:00 PM', '2:00 PM')],
          },
        ],
      },
    ]);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Availability' })).not.toBeInTheDocument(),
    );
  });

  it('refuses an override date past the 180 days bookings reach', async () => {
    const user = userEvent.setup();
    const { callsTo } = openProfile({ 'GET /api/mentors/availability/u1': () => json(200, saved) });
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Add a date' }));
    await user.type(within(dialog).getByLabelText('Date'), addDays(todayIn('Europe/Paris'), 181));
    expect(await within(dialog).findByText('Overrides reach at most 180 days ahead')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(callsTo('PUT', '/api/mentors/availability')).toHaveLength(0);
  });

  it('asks for a missing date only once the person left the row or saved, never on a row just added', async () => {
    const user = userEvent.setup();
    openProfile({ 'GET /api/mentors/availability/u1': () => json(200, saved) });
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Add a date' }));
    expect(within(dialog).queryByText('Choose a date')).not.toBeInTheDocument();
    // A second row while the first is still empty: the first was left, the second is new.
    await user.click(within(dialog).getByRole('button', { name: 'Add a date' }));
    const [first, second] = within(dialog).getAllByRole('group', { name: /^Override/ });
    expect(within(second!).queryByText('Choose a date')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(first!).findByText('Choose a date')).toBeInTheDocument();
    // A row added after a refused save is new too.
    await user.click(within(dialog).getByRole('button', { name: 'Add a date' }));
    const third = within(dialog).getAllByRole('group', { name: /^Override/ })[2]!;
    expect(within(third).queryByText('Choose a date')).not.toBeInTheDocument();
  });

  it('shows the server’s message when the save is refused, and the fallback when the network fails', async () => {
    const user = userEvent.setup();
    let reply: () => Promise<Response> = () =>
      Promise.resolve(
        envelope(400, 'Slots run on the hour from 10:00 to 17:00', {
          field: 'weeklySchedule.monday.timeSlots.0.startTime',
        }),
      );
    openProfile({
      'GET /api/mentors/availability/u1': () => json(200, saved),
      'PUT /api/mentors/availability': () => reply(),
    });
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Uh oh! Something went wrong.')).toBeInTheDocument();
    expect(screen.getByText('Slots run on the hour from 10:00 to 17:00')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Availability' })).toBeInTheDocument();

    act(() => resetToasts());
    reply = () => Promise.reject(new TypeError('Failed to fetch'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('An unexpected error occurred. Please try again later.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Uh oh! Something went wrong.')).toBeInTheDocument();
  });

  it('closes on Close without saving', async () => {
    const user = userEvent.setup();
    const { callsTo } = openProfile();
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Availability' })).not.toBeInTheDocument(),
    );
    expect(callsTo('PUT', '/api/mentors/availability')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Manage Availability' })).toHaveFocus();

    // Never kept: opened again, the week is read again.
    await openDialog(user);
    expect(callsTo('GET', '/api/mentors/availability/u1')).toHaveLength(2);
  });

  it('refreshes the rate the profile shows once saved', async () => {
    const user = userEvent.setup();
    let price: number | null = null;
    const { callsTo } = openProfile({
      'GET /api/mentor/details/u1': () => json(200, { mentor: { ...mentor, pricePerSession: price } }),
      'GET /api/mentors/availability/u1': () => json(200, saved),
      'PUT /api/mentors/availability': (call) => {
        price = (call.body as Availability).pricePerSession;
        return json(200, { ...(call.body as Availability), message: 'Availability updated' });
      },
    });
    expect(await screen.findByText('No rate set yet')).toBeInTheDocument();
    const dialog = await openDialog(user);
    await user.clear(within(dialog).getByLabelText('Hourly Rate'));
    await user.type(within(dialog).getByLabelText('Hourly Rate'), '2500{Enter}');
    expect(await screen.findByText('₹2,500 per session')).toBeInTheDocument();
    expect(callsTo('PUT', '/api/mentors/availability')).toHaveLength(1);
  });
});

describe('the mentor’s companies and rate on the profile', () => {
  it('shows the rate per session once set', async () => {
    openProfile({
      'GET /api/mentor/details/u1': () => json(200, { mentor: { ...mentor, pricePerSession: 1500 } }),
    });
    expect(await screen.findByText('₹1,500 per session')).toBeInTheDocument();
  });

  it('adds by Enter or Add, removes by the cross, refuses a sixth, and saves through PUT /api/mentor', async () => {
    const user = userEvent.setup();
    let companies: string[] = ['Acme', 'Globex', 'Initech', 'Umbrella'];
    const { callsTo } = openProfile({
      'GET /api/mentor/details/u1': () => json(200, { mentor: { ...mentor, companies } }),
      'PUT /api/mentor': (call) => {
        companies = (call.body as { updatedData: { companies: string[] } }).updatedData.companies;
        return json(200, { message: 'ok', mentor: { ...mentor, companies } });
      },
    });
    const section = await screen.findByRole('region', { name: 'Mentor profile' });
    const list = await within(section).findByRole('list', { name: 'Companies' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Acme', 'Globex', 'Initech', 'Umbrella']);

    const input = within(section).getByRole('textbox', { name: 'Add a company' });
    await user.type(input, '  Hooli {Enter}');
    await waitFor(() =>
      expect(callsTo('PUT', '/api/mentor').at(-1)?.body).toEqual({
        mentorId: 'u1',
        updatedData: { companies: ['Acme', 'Globex', 'Initech', 'Umbrella', 'Hooli'] },
      }),
    );
    expect(await within(section).findByText('Hooli')).toBeInTheDocument();
    expect(input).toHaveValue('');

    await user.type(input, 'Pied Piper');
    await user.click(within(section).getByRole('button', { name: 'Add' }));
    expect(await within(section).findByText('List at most 5 companies')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo('PUT', '/api/mentor')).toHaveLength(1);

    await user.click(within(section).getByRole('button', { name: 'Remove Globex' }));
    await waitFor(() =>
      expect(callsTo('PUT', '/api/mentor').at(-1)?.body).toEqual({
        mentorId: 'u1',
        updatedData: { companies: ['Acme', 'Initech', 'Umbrella', 'Hooli'] },
      }),
    );
    await waitFor(() => expect(within(section).queryByText('Globex')).not.toBeInTheDocument());
  });

  it('refuses an empty name and a company listed twice', async () => {
    const user = userEvent.setup();
    const { callsTo } = openProfile({
      'GET /api/mentor/details/u1': () => json(200, { mentor: { ...mentor, companies: ['Acme'] } }),
    });
    const section = await screen.findByRole('region', { name: 'Mentor profile' });
    await within(section).findByRole('list', { name: 'Companies' });
    const input = within(section).getByRole('textbox', { name: 'Add a company' });
    await user.type(input, '   {Enter}');
    expect(await within(section).findByText('Company name is required')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, 'acme{Enter}');
    expect(await within(section).findByText('Each company can be listed once')).toBeInTheDocument();
    expect(callsTo('PUT', '/api/mentor')).toHaveLength(0);
  });
});

describe('the Availability dialog’s booking settings', () => {
  const bookingPart = async (dialog: HTMLElement) =>
    within(await within(dialog).findByRole('region', { name: 'Booking settings' }));

  it('shows the mentor’s settings as three labelled fields with their hints', async () => {
    const user = userEvent.setup();
    const stored: BookingSettings = { minimumNoticeHours: 12, bufferMinutes: 30, maxSessionsPerDay: 3 };
    const { callsTo } = openProfile({ 'GET /api/mentors/booking-settings': () => json(200, stored) });
    const part = await bookingPart(await openDialog(user));
    const notice = await part.findByLabelText('Minimum notice (hours)');
    expect(notice).toHaveValue(12);
    expect(notice).toHaveAccessibleDescription(bookingSettingsMessages.minimumNoticeHint);
    expect(notice).toHaveAttribute('min', '1');
    expect(notice).toHaveAttribute('max', '72');
    const buffer = part.getByLabelText('Buffer between sessions');
    expect(buffer).toHaveValue('30');
    expect(buffer).toHaveAccessibleDescription(bookingSettingsMessages.bufferHint);
    expect(
      within(buffer)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['No buffer', '15 minutes', '30 minutes', '60 minutes']);
    const perDay = part.getByLabelText('Sessions per day (at most)');
    expect(perDay).toHaveValue(3);
    expect(perDay).toHaveAccessibleDescription(bookingSettingsMessages.maxSessionsPerDayHint);
    expect(callsTo('GET', '/api/mentors/booking-settings')).toHaveLength(1);
  });

  it('refuses values outside the rules with the shared messages, and does not save', async () => {
    const user = userEvent.setup();
    const { callsTo } = openProfile({
      'PUT /api/mentors/booking-settings': (call) => json(200, call.body),
    });
    const part = await bookingPart(await openDialog(user));
    const notice = await part.findByLabelText('Minimum notice (hours)');
    await user.clear(notice);
    await user.type(notice, '73');
    expect(await part.findByText(bookingSettingsMessages.minimumNotice)).toHaveClass('text-destructive');
    expect(notice).toHaveAttribute('aria-invalid', 'true');
    const perDay = part.getByLabelText('Sessions per day (at most)');
    await user.clear(perDay);
    await user.type(perDay, '0');
    expect(await part.findByText(bookingSettingsMessages.maxSessionsPerDay)).toBeInTheDocument();
    await user.click(part.getByRole('button', { name: 'Update booking settings' }));
    expect(callsTo('PUT', '/api/mentors/booking-settings')).toHaveLength(0);
    // Back inside the limits, the messages go.
    await user.clear(notice);
    await user.type(notice, '72');
    await user.clear(perDay);
    await user.type(perDay, '1');
    await waitFor(() =>
      expect(part.queryByText(bookingSettingsMessages.minimumNotice)).not.toBeInTheDocument(),
    );
    expect(part.queryByText(bookingSettingsMessages.maxSessionsPerDay)).not.toBeInTheDocument();
  });

  it('saves the three on their own, says so, and leaves the week unsaved', async () => {
    const user = userEvent.setup();
    const { callsTo } = openProfile({
      'PUT /api/mentors/booking-settings': (call) => json(200, call.body),
    });
    const dialog = await openDialog(user);
    const part = await bookingPart(dialog);
    const notice = await part.findByLabelText('Minimum notice (hours)');
    await user.clear(notice);
    await user.type(notice, '24');
    await user.selectOptions(part.getByLabelText('Buffer between sessions'), '15 minutes');
    const perDay = part.getByLabelText('Sessions per day (at most)');
    await user.clear(perDay);
    await user.type(perDay, '4');
    await user.click(part.getByRole('button', { name: 'Update booking settings' }));
    await waitFor(() => expect(callsTo('PUT', '/api/mentors/booking-settings')).toHaveLength(1));
    expect(callsTo('PUT', '/api/mentors/booking-settings')[0]!.body).toEqual({
      minimumNoticeHours: 24,
      bufferMinutes: 15,
      maxSessionsPerDay: 4,
    });
    expect(await screen.findByText(bookingSettingsMessages.saved)).toBeInTheDocument();
    expect(callsTo('PUT', '/api/mentors/availability')).toHaveLength(0);
    // The dialog stays open for the week.
    expect(screen.getByRole('dialog', { name: 'Availability' })).toBeInTheDocument();
  });

  it('shows the api’s refusal when a save fails', async () => {
    const user = userEvent.setup();
    openProfile({
      'PUT /api/mentors/booking-settings': () => envelope(403, bookingSettingsMessages.notAMentor),
    });
    const part = await bookingPart(await openDialog(user));
    await part.findByLabelText('Minimum notice (hours)');
    await user.click(part.getByRole('button', { name: 'Update booking settings' }));
    expect(await screen.findByText(bookingSettingsMessages.notAMentor)).toBeInTheDocument();
  });
});
