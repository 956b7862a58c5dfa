import { REVIEWS_PAGE_SIZE, type MentorReview } from '@skillroute/shared/bookings';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, json, serve, type Routes } from '@/test/fake-server';
import { renderWithStore } from '@/test/render';
import { MentorReviews } from './mentor-reviews';

const MENTOR = '0b7c2e7e-1d7e-4f57-9a53-2f0f7d3c1a11';
const PATH = `GET /api/mentors/${MENTOR}/reviews`;

/** Review n of a list, newest first: written n days before Nov 20, 2026 at noon UTC. */
function review(n: number, changes: Partial<MentorReview> = {}): MentorReview {
  return {
    rating: (n % 5) + 1,
    comment: `Review ${n}`,
    author: { name: `Mentee ${n}`, avatar: null },
    createdAt: new Date(Date.UTC(2026, 10, 20 - n, 12)).toISOString(),
    ...changes,
  };
}

/** A server holding `all` (newest first) that answers them a page at a time, as the api does. */
function serveReviews(all: MentorReview[], routes: Routes = {}) {
  return serve({
    [PATH]: (call) => {
      const page = Number(call.query.get('page'));
      return json(200, {
        reviews: all.slice((page - 1) * REVIEWS_PAGE_SIZE, page * REVIEWS_PAGE_SIZE),
        total: all.length,
      });
    },
    ...routes,
  });
}

const shownComments = () =>
  within(screen.getByRole('list', { name: 'Reviews, newest first' }))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('p:last-child')?.textContent);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('MentorReviews', () => {
  it('lists each review with its stars, comment, author and day in the viewer’s locale', async () => {
    const { callsTo } = serveReviews([
      review(0, {
        rating: 4,
        comment: 'Clear and kind.\nWould book again.',
        author: { name: 'Grace Hopper', avatar: '/uploads/grace.png' },
      }),
      review(3, { rating: 1, comment: '' }),
    ]);
    renderWithStore(<MentorReviews mentorId={MENTOR} />);
    const list = await screen.findByRole('list', { name: 'Reviews, newest first' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByRole('img', { name: '4 out of 5 stars' })).toBeInTheDocument();
    expect(first).toHaveTextContent('Grace Hopper');
    expect(first).toHaveTextContent('Clear and kind. Would book again.');
    const day = within(first!).getByText('Nov 20, 2026');
    expect(day.tagName).toBe('TIME');
    expect(day).toHaveAttribute('datetime', '2026-11-20T12:00:00.000Z');
    expect(within(second!).getByRole('img', { name: '1 out of 5 stars' })).toBeInTheDocument();
    expect(second).toHaveTextContent('Mentee 3');
    expect(second).toHaveTextContent('Nov 17, 2026');
    // All of it fit on one page: nothing more to ask for.
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    expect(callsTo('GET', `/api/mentors/${MENTOR}/reviews`).map((call) => call.query.get('page'))).toEqual([
      '1',
    ]);
  });

  it('writes the day as the viewer’s locale does', async () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('de-DE');
    serveReviews([review(0)]);
    renderWithStore(<MentorReviews mentorId={MENTOR} />);
    expect(await screen.findByText('20.11.2026')).toBeInTheDocument();
  });

  it('shows more, a page at a time, until every review is shown', async () => {
    const user = userEvent.setup();
    const all = Array.from({ length: REVIEWS_PAGE_SIZE + 3 }, (_, n) => review(n));
    const { callsTo } = serveReviews(all);
    renderWithStore(<MentorReviews mentorId={MENTOR} />);
    await screen.findByRole('list', { name: 'Reviews, newest first' });
    expect(shownComments()).toEqual(all.slice(0, REVIEWS_PAGE_SIZE).map((r) => r.comment));

    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText(`Review ${REVIEWS_PAGE_SIZE + 2}`)).toBeInTheDocument();
    expect(shownComments()).toEqual(all.map((r) => r.comment));
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    expect(callsTo('GET', `/api/mentors/${MENTOR}/reviews`).map((call) => call.query.get('page'))).toEqual([
      '1',
      '2',
    ]);
  });

  it('says so when there are no reviews', async () => {
    serveReviews([]);
    renderWithStore(<MentorReviews mentorId={MENTOR} />);
    expect(await screen.findByText('No reviews yet')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Reviews, newest first' })).not.toBeInTheDocument();
  });

  it('announces the loading, then says when the reviews cannot be loaded, and tries again', async () => {
    const user = userEvent.setup();
    let fail = true;
    serveReviews([review(0)], {
      [PATH]: () =>
        fail
          ? envelope(500, 'Something went wrong on our side. Please try again later.')
          : json(200, { reviews: [review(0)], total: 1 }),
    });
    renderWithStore(<MentorReviews mentorId={MENTOR} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading reviews…');
    expect(await screen.findByRole('alert')).toHaveTextContent('The reviews could not be loaded.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Review 0')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps the reviews shown when the next page fails, and Show more tries again', async () => {
    const user = userEvent.setup();
    const all = Array.from({ length: REVIEWS_PAGE_SIZE + 1 }, (_, n) => review(n));
    let failNext = true;
    serveReviews(all, {
      [PATH]: (call) => {
        const page = Number(call.query.get('page'));
        if (page === 2 && failNext)
          return envelope(500, 'Something went wrong on our side. Please try again later.');
        return json(200, {
          reviews: all.slice((page - 1) * REVIEWS_PAGE_SIZE, page * REVIEWS_PAGE_SIZE),
          total: all.length,
        });
      },
    });
    renderWithStore(<MentorReviews mentorId={MENTOR} />);
    await screen.findByRole('list', { name: 'Reviews, newest first' });
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('More reviews could not be loaded.');
    expect(shownComments()).toHaveLength(REVIEWS_PAGE_SIZE);

    failNext = false;
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText(`Review ${REVIEWS_PAGE_SIZE}`)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });
});
