import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStorageCheck, healthOf, STORAGE_CHECK_CACHE_MS } from './service';

let folder: string;
beforeEach(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'skillroute-storage-check-'));
});
afterEach(() => {
  vi.useRealTimers();
  rmSync(folder, { recursive: true, force: true });
});

const quietLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('the storage check', () => {
  it('writes at most once per cache period, however often it is asked', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const uploads = path.join(folder, 'uploads');
    const check = createStorageCheck([folder, uploads], quietLog);
    expect(await check()).toBe('ok');

    // Root writes through permission bits, so the folder is made unwritable by becoming a file.
    rmSync(uploads, { recursive: true });
    writeFileSync(uploads, 'not a folder');
    expect(await Promise.all([check(), check(), check()])).toEqual(['ok', 'ok', 'ok']);

    vi.advanceTimersByTime(STORAGE_CHECK_CACHE_MS);
    expect(await check()).toBe('unwritable');

    rmSync(uploads);
    mkdirSync(uploads);
    vi.advanceTimersByTime(STORAGE_CHECK_CACHE_MS);
    expect(await check()).toBe('ok');
  });
});

describe('the health answer', () => {
  it('is degraded when either part is down, and draining whatever they say', () => {
    expect(healthOf('ok', 'ok', false)).toEqual({ status: 'ok', db: 'ok', storage: 'ok' });
    expect(healthOf('ok', 'unwritable', false).status).toBe('degraded');
    expect(healthOf('down', 'ok', false).status).toBe('degraded');
    expect(healthOf('ok', 'ok', true).status).toBe('draining');
  });
});
