import { describe, expect, it } from 'vitest';
import { allowedOrigins, isOriginAllowed } from './origin-check';

describe('the origin rule', () => {
  const production = allowedOrigins({
    publicUrl: 'https://skillroute.example',
    port: 3000,
    nodeEnv: 'production',
  });
  const development = allowedOrigins({
    publicUrl: 'http://localhost:3000',
    port: 3000,
    nodeEnv: 'development',
  });

  it('lets every state-changing request from PUBLIC_URL through', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'])
      expect(isOriginAllowed(method, 'https://skillroute.example', production)).toBe(true);
  });

  it('refuses state-changing requests from any other origin', () => {
    for (const origin of [
      'https://evil.example',
      'http://skillroute.example',
      'https://skillroute.example:8443',
      'null',
      'not a url',
    ]) {
      expect(isOriginAllowed('POST', origin, production)).toBe(false);
    }
    expect(isOriginAllowed('delete', 'https://evil.example', production)).toBe(false);
  });

  it('lets requests without an Origin through (curl, server-to-server)', () => {
    expect(isOriginAllowed('POST', undefined, production)).toBe(true);
  });

  it('never blocks reads', () => {
    for (const method of ['GET', 'HEAD', 'OPTIONS'])
      expect(isOriginAllowed(method, 'https://evil.example', production)).toBe(true);
  });

  it('in development also accepts this port on localhost and 127.0.0.1 and the Vite dev server', () => {
    for (const origin of [
      'http://localhost:3000',
      'http://127.0.0.1:3000',
      'http://localhost:5173',
      'http://127.0.0.1:5173',
    ]) {
      expect(isOriginAllowed('POST', origin, development)).toBe(true);
    }
    expect(isOriginAllowed('POST', 'http://localhost:4000', development)).toBe(false);
  });

  it('accepts those development origins only in development', () => {
    const test = allowedOrigins({ publicUrl: 'http://localhost:3000', port: 3000, nodeEnv: 'test' });
    expect(isOriginAllowed('POST', 'http://127.0.0.1:3000', test)).toBe(false);
    expect(isOriginAllowed('POST', 'http://localhost:5173', production)).toBe(false);
  });
});
