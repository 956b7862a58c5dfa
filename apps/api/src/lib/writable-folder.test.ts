import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { probeWritableFolder, probeWritableFolderSync, whyNotWritable } from './writable-folder';

let folder: string;
beforeEach(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'skillroute-writable-'));
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

const errno = (code: string) => Object.assign(new Error(code), { code });

describe('the write probe', () => {
  it('creates a missing folder and leaves nothing in it', async () => {
    const inner = path.join(folder, 'a', 'b');
    probeWritableFolderSync(inner);
    await probeWritableFolder(inner);
    expect(readdirSync(inner)).toEqual([]);
  });

  it('fails for a file, and for a folder under a file', async () => {
    const file = path.join(folder, 'file');
    writeFileSync(file, 'x');
    expect(() => probeWritableFolderSync(file)).toThrow();
    await expect(probeWritableFolder(path.join(file, 'under'))).rejects.toThrow();
  });
});

describe('why a folder is not writable', () => {
  it('says it in words', () => {
    const file = path.join(folder, 'file');
    writeFileSync(file, 'x');
    expect(whyNotWritable(file, errno('EEXIST'))).toBe('it is a file');
    expect(whyNotWritable(path.join(file, 'under'), errno('ENOTDIR'))).toBe('a part of its path is a file');
    expect(whyNotWritable(folder, errno('EROFS'))).toBe('read-only file system');
    expect(whyNotWritable(folder, errno('EACCES'))).toBe('permission denied');
    expect(whyNotWritable(folder, errno('ENOSPC'))).toBe('no space left on the device');
    expect(whyNotWritable(folder, errno('EIO'))).toBe('EIO');
  });
});
