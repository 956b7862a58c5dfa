import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import {
  assertInAppLink,
  assertOwnEmail,
  pageOf,
  pageWindow,
  toNotificationEvent,
  toNotificationItem,
} from './rules';

describe('page math', () => {
  it('asks for one row more than a page, from the skipped row on', () => {
    expect(pageWindow(0)).toEqual({ offset: 0, limit: 21 });
    expect(pageWindow(40)).toEqual({ offset: 40, limit: 21 });
    expect(pageWindow(5, 2)).toEqual({ offset: 5, limit: 3 });
  });

  it('shows a page and says there is more only when the extra row came back', () => {
    const rows = (n: number) => Array.from({ length: n }, (_, i) => i);
    expect(pageOf(rows(21))).toEqual({ items: rows(20), hasMore: true });
    expect(pageOf(rows(20))).toEqual({ items: rows(20), hasMore: false });
    expect(pageOf(rows(5))).toEqual({ items: rows(5), hasMore: false });
    expect(pageOf([])).toEqual({ items: [], hasMore: false });
  });
});

describe('assertOwnEmail', () => {
  it('passes the caller’s own e-mail in any case', () => {
    expect(() => assertOwnEmail('ada@example.org', 'ada@example.org')).not.toThrow();
    expect(() => assertOwnEmail('ada@example.org', 'ADA@Example.Org')).not.toThrow();
  });

  it('refuses any other with a 403 AppError', () => {
    for (const other of ['bob@example.org', 'ada@example.org.evil', '', 'ada']) {
      const refusal = (() => {
        try {
          assertOwnEmail('ada@example.org', other);
        } catch (error) {
          return error;
        }
      })();
      expect(refusal).toBeInstanceOf(AppError);
      expect((refusal as AppError).statusCode).toBe(403);
    }
  });
});

describe('payload mapping', () => {
  const row = {
    id: '7f1d1c1e-8a43-4a8e-9d3a-4f6f2b1c0a11',
    userId: 'not on the wire',
    type: 'security',
    message: 'New sign-in to your account',
    link: '/profile/general',
    readAt: null,
    createdAt: new Date('2025-01-02T03:04:05.678Z'),
  };

  it('lists a row as {id, type, message, link, read, createdAt} and nothing more', () => {
    expect(toNotificationItem(row)).toEqual({
      id: row.id,
      type: 'security',
      message: row.message,
      link: '/profile/general',
      read: false,
      createdAt: '2025-01-02T03:04:05.678Z',
    });
    expect(toNotificationItem({ ...row, readAt: new Date(), link: null })).toMatchObject({
      read: true,
      link: null,
    });
  });

  it('announces a row as {id, type, message, link, createdAt}', () => {
    expect(toNotificationEvent(row)).toEqual({
      id: row.id,
      type: 'security',
      message: row.message,
      link: '/profile/general',
      createdAt: '2025-01-02T03:04:05.678Z',
    });
  });
});

describe('assertInAppLink', () => {
  it('accepts paths of this site, and no link', () => {
    for (const link of ['/', '/profile/general', '/bookings/1?tab=2', null, undefined])
      expect(() => assertInAppLink(link)).not.toThrow();
  });

  it('refuses anything that leads off the site', () => {
    for (const link of [
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      'profile',
      '',
    ])
      expect(() => assertInAppLink(link)).toThrow(/in-app path/);
  });
});
