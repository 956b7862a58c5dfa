import { describe, expect, it } from 'vitest';
import { badgeText, bellLabel, toastTextFor } from './notification-text';

describe('the bell badge', () => {
  it('is hidden at 0 (and for anything that is not a positive count)', () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(-1)).toBeNull();
    expect(badgeText(Number.NaN)).toBeNull();
  });

  it('shows 1 to 9 as they are', () => {
    for (let unread = 1; unread <= 9; unread += 1) expect(badgeText(unread)).toBe(String(unread));
  });

  it('shows "9+" above 9 (spec §9)', () => {
    expect(badgeText(10)).toBe('9+');
    expect(badgeText(250)).toBe('9+');
  });

  it('gives the bell a name with the exact count, since "9+" cannot say it', () => {
    expect(bellLabel(0)).toBe('Notifications');
    expect(bellLabel(3)).toBe('Notifications, 3 unread');
    expect(bellLabel(42)).toBe('Notifications, 42 unread');
  });
});

describe('the toast of a live event (spec §7 "Real time")', () => {
  it('shows the type as title and the message as description', () => {
    expect(toastTextFor({ type: 'booking_confirmed', message: 'Your session with Ada is booked.' })).toEqual({
      title: 'Booking confirmed',
      description: 'Your session with Ada is booked.',
    });
  });

  it('shows a type it does not know as it came', () => {
    expect(toastTextFor({ type: 'mentor_news', message: 'Hello' }).title).toBe('mentor_news');
  });

  it('falls back to "Notification" without a type', () => {
    expect(toastTextFor({ message: 'Hello' }).title).toBe('Notification');
    expect(toastTextFor({ type: '', message: 'Hello' }).title).toBe('Notification');
    expect(toastTextFor({ type: 42, message: 'Hello' }).title).toBe('Notification');
  });

  it('falls back to "You have a new update" without a message', () => {
    expect(toastTextFor({ type: 'welcome' }).description).toBe('You have a new update');
    expect(toastTextFor({ type: 'welcome', message: '   ' }).description).toBe('You have a new update');
    expect(toastTextFor({ type: 'welcome', message: null }).description).toBe('You have a new update');
  });

  it('survives a payload that is not an object at all', () => {
    for (const payload of [undefined, null, 'text', 7]) {
      expect(toastTextFor(payload)).toEqual({ title: 'Notification', description: 'You have a new update' });
    }
  });
});
