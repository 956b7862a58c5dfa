import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * A file of its own for each probe ('wx' refuses to reuse one), starting with a dot: the uploads folder's
 * server denies dotfiles, so a probe is never published.
 */
const probeFileIn = (folder: string) =>
  path.join(folder, `.write-probe-${process.pid}-${randomBytes(4).toString('hex')}`);

/**
 * Whether `folder` takes a new file: created if missing, then a one-byte file written and removed. A write,
 * not a permission check, because only a write finds a read-only mount or a full disk, and because root
 * (a container's usual user) passes every permission check. Throws the file system's error.
 */
export function probeWritableFolderSync(folder: string): void {
  mkdirSync(folder, { recursive: true });
  const probe = probeFileIn(folder);
  writeFileSync(probe, '', { flag: 'wx' });
  rmSync(probe, { force: true });
}

/** `probeWritableFolderSync` for a process that is serving: it never blocks the event loop. */
export async function probeWritableFolder(folder: string): Promise<void> {
  await mkdir(folder, { recursive: true });
  const probe = probeFileIn(folder);
  await writeFile(probe, '', { flag: 'wx' });
  await rm(probe, { force: true });
}

function isFileNotFolder(folder: string): boolean {
  try {
    return !statSync(folder).isDirectory();
  } catch {
    return false;
  }
}

/** Why a write into `folder` failed, in words a person setting up the server acts on. */
export function whyNotWritable(folder: string, error: unknown): string {
  if (isFileNotFolder(folder)) return 'it is a file';
  switch ((error as NodeJS.ErrnoException | undefined)?.code) {
    case 'EROFS':
      return 'read-only file system';
    case 'ENOTDIR':
      return 'a part of its path is a file';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'ENOSPC':
      return 'no space left on the device';
    case 'EDQUOT':
      return 'disk quota exceeded';
    default: {
      const code = (error as NodeJS.ErrnoException | undefined)?.code;
      return code ?? (error instanceof Error ? error.message : String(error));
    }
  }
}
