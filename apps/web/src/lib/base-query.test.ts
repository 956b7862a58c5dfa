import { ADMIN_REFRESH_PATH, REFRESH_PATH } from '@skillroute/shared/constants';
import { describe, expect, it } from 'vitest';
import { isAdminPath, refreshPathFor, skipsRefresh } from './base-query';

// The refresh-and-replay behaviour is tested through the real store in app/session-refresh.test.ts.
describe('paths', () => {
  it.each([
    ['/api/admin/roadmap', true],
    ['api/admin/roadmap?status=drafted', true],
    ['admin/roadmap', true],
    ['/api/admin', true],
    ['/api/user/1', false],
    ['/api/administrators', false],
  ])('%s is an admin path: %s', (url, admin) => {
    expect(isAdminPath(url)).toBe(admin);
    expect(refreshPathFor(url)).toBe(admin ? ADMIN_REFRESH_PATH : REFRESH_PATH);
  });
});

describe('calls that never trigger a refresh', () => {
  it.each([
    ['/api/auth/', true],
    ['/api/auth/login', true],
    ['api/auth/verify-otp', true],
    ['/api/auth/resent-otp', true],
    ['/api/auth/google-login', true],
    ['/api/auth/forgot-password', true],
    ['/api/auth/reset-password', true],
    ['/api/admin/login', true],
    [REFRESH_PATH, true],
    [ADMIN_REFRESH_PATH, true],
    ['/api/auth/session', false],
    ['/api/auth/logout', false],
    ['/api/admin/me', false],
    ['/api/user/update', false],
  ])('%s skips the refresh: %s', (url, skips) => {
    expect(skipsRefresh(url)).toBe(skips);
  });
});
