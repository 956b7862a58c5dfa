import { describe, expect, it } from 'vitest';
import { accessTokenFromCookieHeader, isSocketOriginAllowed, sessionRoom, userRoom } from './realtime';

describe('accessTokenFromCookieHeader', () => {
  it('finds the access cookie among others', () => {
    expect(accessTokenFromCookieHeader('accessToken=abc.def.ghi')).toBe('abc.def.ghi');
    expect(accessTokenFromCookieHeader('theme=dark; accessToken=abc.def.ghi; other=1')).toBe('abc.def.ghi');
    expect(accessTokenFromCookieHeader('accessToken=a%20b')).toBe('a b');
  });

  it('finds nothing when there is no access cookie, or it is empty', () => {
    expect(accessTokenFromCookieHeader(undefined)).toBeUndefined();
    expect(accessTokenFromCookieHeader('')).toBeUndefined();
    expect(accessTokenFromCookieHeader('theme=dark')).toBeUndefined();
    expect(accessTokenFromCookieHeader('accessToken=')).toBeUndefined();
    // The admin cookie is another audience: it never opens a user's socket.
    expect(accessTokenFromCookieHeader('adminAccessToken=abc')).toBeUndefined();
    expect(accessTokenFromCookieHeader('garbage without equals')).toBeUndefined();
  });
});

describe('isSocketOriginAllowed', () => {
  const ours = new Set(['http://localhost:3000']);

  it('lets a client without an Origin (not a browser) and our own pages through', () => {
    expect(isSocketOriginAllowed(undefined, ours)).toBe(true);
    expect(isSocketOriginAllowed('http://localhost:3000', ours)).toBe(true);
  });

  it('refuses other sites, null and nonsense', () => {
    expect(isSocketOriginAllowed('https://evil.example', ours)).toBe(false);
    expect(isSocketOriginAllowed('http://localhost:5173', ours)).toBe(false);
    expect(isSocketOriginAllowed('null', ours)).toBe(false);
    expect(isSocketOriginAllowed('', ours)).toBe(false);
  });
});

describe('rooms', () => {
  it('keeps users and sign-ins apart', () => {
    expect(userRoom('u1')).toBe('user:u1');
    expect(sessionRoom('f1')).toBe('session:f1');
  });
});

describe('accessTokenFromCookieHeader, odd headers', () => {
  it('takes a quoted value, keeps a malformed escape as sent, and ignores look-alike names', () => {
    expect(accessTokenFromCookieHeader('accessToken="abc"')).toBe('abc');
    expect(accessTokenFromCookieHeader('accessToken=a%zz')).toBe('a%zz');
    expect(accessTokenFromCookieHeader('xaccessToken=1; accessTokenx=2')).toBeUndefined();
    expect(accessTokenFromCookieHeader(' accessToken = abc ')).toBe('abc');
  });
});
