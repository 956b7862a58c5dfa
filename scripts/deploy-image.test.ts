import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
const ignored = readFileSync(path.join(root, '.dockerignore'), 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line !== '' && !line.startsWith('#'));
/** Instructions (comments and continuations folded), as [keyword, rest]. */
const instructions = dockerfile
  .replace(/\\\n\s*/g, ' ')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line !== '' && !line.startsWith('#'))
  .map((line) => {
    const [keyword = '', ...rest] = line.split(/\s+/);
    return [keyword.toUpperCase(), rest.join(' ')] as const;
  });
const stages = instructions.reduce<Array<Array<readonly [string, string]>>>((all, instruction) => {
  if (instruction[0] === 'FROM') all.push([]);
  all.at(-1)?.push(instruction);
  return all;
}, []);
const finalStage = stages.at(-1) ?? [];
const dockerWorks = spawnSync('docker', ['info'], { stdio: 'ignore' }).status === 0;
if (!dockerWorks)
  console.warn(
    'docker info failed: the Dockerfile is checked as text; the image is built only where docker works.',
  );

describe('the Dockerfile', () => {
  it('builds in stages and ships only production dependencies to the last one', () => {
    expect(stages.length).toBeGreaterThanOrEqual(3);
    const installs = instructions.filter(
      ([keyword, rest]) => keyword === 'RUN' && /npm (ci|install)/.test(rest),
    );
    // The SPA's build needs dev dependencies; the dependencies the runtime copies are installed without them.
    expect(finalStage.some(([keyword, rest]) => keyword === 'RUN' && /npm (ci|install)/.test(rest))).toBe(
      false,
    );
    const copiedModules = finalStage.filter(
      ([keyword, rest]) => keyword === 'COPY' && rest.includes('node_modules'),
    );
    expect(copiedModules).toHaveLength(1);
    const from = /--from=(\S+)/.exec(copiedModules[0]?.[1] ?? '')?.[1];
    const source = stages.find(
      (stage) => stage[0]?.[1].endsWith(` AS ${from}`) || stage[0]?.[1].endsWith(` as ${from}`),
    );
    expect(source?.some(([keyword, rest]) => keyword === 'RUN' && /npm ci .*--omit=dev/.test(rest))).toBe(
      true,
    );
    expect(installs.length).toBe(2);
  });

  it('runs as a user that is not root, with the built SPA, by `npm start`', () => {
    const users = finalStage.filter(([keyword]) => keyword === 'USER').map(([, rest]) => rest);
    expect(users.length).toBeGreaterThan(0);
    expect(users.at(-1)).not.toMatch(/^(root|0)(:|$)/);
    expect(
      finalStage.some(
        ([keyword, rest]) =>
          keyword === 'COPY' && rest.includes('--from=build') && rest.includes('apps/web/dist'),
      ),
    ).toBe(true);
    expect(finalStage.filter(([keyword]) => keyword === 'CMD').at(-1)?.[1]).toBe('["npm", "start"]');
  });

  it('copies no secret and bakes none into the environment', () => {
    for (const [keyword, rest] of instructions) {
      if (keyword === 'COPY' || keyword === 'ADD')
        expect(rest).not.toMatch(/\.env|secrets|\.pem|\.key\b|(^|\s)\.\s|data\//);
      if (keyword === 'ENV' || keyword === 'ARG')
        expect(rest).not.toMatch(/SECRET|PASSWORD|DATABASE_URL|REDIS_URL|KEY_ID|ACCESS_KEY/);
    }
  });

  it('keeps local data, dependencies, secrets and reports out of the build context (.dockerignore)', () => {
    for (const pattern of [
      '.git',
      '**/node_modules',
      'data',
      '.env',
      '.env.*',
      '**/*.pem',
      '**/*.key',
      '**/secrets.json',
    ])
      expect(ignored).toContain(pattern);
  });

  it.runIf(dockerWorks)(
    'builds an image whose process is not root and holds no dev dependency',
    () => {
      const tag = `skillroute-image-test:${process.pid}`;
      const build = spawnSync('docker', ['build', '-q', '-t', tag, root], { encoding: 'utf8' });
      expect(build.status, build.stderr).toBe(0);
      try {
        const uid = spawnSync('docker', ['run', '--rm', '--entrypoint', 'id', tag, '-u'], {
          encoding: 'utf8',
        });
        expect(uid.stdout.trim()).not.toBe('0');
        const devTools = spawnSync(
          'docker',
          [
            'run',
            '--rm',
            '--entrypoint',
            'sh',
            tag,
            '-c',
            'ls node_modules/vitest node_modules/vite node_modules/eslint node_modules/@playwright 2>/dev/null | wc -l',
          ],
          { encoding: 'utf8' },
        );
        expect(devTools.stdout.trim()).toBe('0');
        const built = spawnSync(
          'docker',
          ['run', '--rm', '--entrypoint', 'ls', tag, 'apps/web/dist/index.html'],
          { encoding: 'utf8' },
        );
        expect(built.status).toBe(0);
      } finally {
        spawnSync('docker', ['rmi', '-f', tag], { stdio: 'ignore' });
      }
    },
    900_000,
  );
});
