import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: the lint config is plain JavaScript without type declarations.
import { createConfig } from '../eslint.config.js';

// A small tree shaped like ours, linted with our real configuration: the boundaries must bite.
const files: Record<string, string> = {
  'package.json': '{ "name": "fixture", "type": "module" }\n',
  'apps/web/src/features/auth/api.ts': 'export const authApi = 1;\n',
  'apps/web/src/features/auth/internal.ts': 'export const secret = 2;\n',
  'apps/web/src/features/roadmaps/uses-api.ts':
    "import { authApi } from '../auth/api';\nexport const a = authApi;\n",
  'apps/web/src/features/roadmaps/uses-internal.ts':
    "import { secret } from '../auth/internal';\nexport const b = secret;\n",
  'apps/web/src/features/mentors/api.ts': 'export const mentorsApi = 3;\n',
  'apps/web/src/features/assessment/uses-mentors-api.ts':
    "import { mentorsApi } from '../mentors/api';\nexport const i = mentorsApi;\n",
  'apps/web/src/features/roadmaps/uses-untyped-hooks.ts':
    "import { useSelector } from 'react-redux';\nexport const g = useSelector;\n",
  'apps/web/src/lib/store-hooks.ts':
    "import { useSelector } from 'react-redux';\nexport const h = useSelector;\n",
  'apps/web/src/app/routes.ts': 'export const routes = [];\n',
  'apps/web/src/features/roadmaps/uses-app.ts':
    "import { routes } from '../../app/routes';\nexport const j = routes;\n",
  'apps/web/src/features/roadmaps/roadmap-page.test.ts':
    "import { routes } from '../../app/routes';\nimport { secret } from '../auth/internal';\nexport const k = [routes, secret];\n",
  'apps/web/src/components/uses-feature.ts':
    "import { authApi } from '../features/auth/api';\nexport const c = authApi;\n",
  'apps/api/src/modules/users/service.ts': 'export const users = 1;\n',
  'apps/api/src/modules/users/repository.ts': 'export const rows = 2;\n',
  'apps/api/src/modules/users/rules.ts': 'export const rule = 3;\n',
  'apps/api/src/modules/users/routes.ts': 'export const route = 4;\n',
  'apps/api/src/modules/bookings/uses-rules.ts':
    "import { rule } from '../users/rules';\nexport const g = rule;\n",
  'apps/api/src/modules/bookings/uses-routes.ts':
    "import { route } from '../users/routes';\nexport const h = route;\n",
  'apps/api/src/modules/bookings/uses-service.ts':
    "import { users } from '../users/service';\nexport const d = users;\n",
  'apps/api/src/modules/bookings/uses-repository.ts':
    "import { rows } from '../users/repository';\nexport const e = rows;\n",
  'apps/api/src/db/uses-module.ts':
    "import { users } from '../modules/users/service';\nexport const f = users;\n",
  'apps/api/src/context/uses-module.ts':
    "import type { users } from '../modules/users/service';\nexport type I = typeof users;\n",
  'apps/api/src/lib/cycle-a.ts': "import { b } from './cycle-b';\nexport const a = () => b;\n",
  'apps/api/src/lib/cycle-b.ts': "import { a } from './cycle-a';\nexport const b = () => a;\n",
};

let root = '';
let results = new Map<string, string[]>();

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'skillroute-lint-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  const eslint = new ESLint({ cwd: root, overrideConfigFile: true, overrideConfig: createConfig(root) });
  const report = await eslint.lintFiles(Object.keys(files).filter((file) => file.endsWith('.ts')));
  results = new Map(
    report.map((r) => [path.relative(root, r.filePath), r.messages.map((m) => m.ruleId ?? m.message)]),
  );
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('import boundaries', () => {
  it('let a web feature use another feature through its api.ts', () => {
    expect(results.get('apps/web/src/features/roadmaps/uses-api.ts')).toEqual([]);
  });
  it("refuse a web feature reaching into another feature's internals", () => {
    expect(results.get('apps/web/src/features/roadmaps/uses-internal.ts')).toContain(
      'import-x/no-restricted-paths',
    );
  });
  it('refuse a web feature importing the app layer, except in its tests', () => {
    expect(results.get('apps/web/src/features/roadmaps/uses-app.ts')).toContain(
      'import-x/no-restricted-paths',
    );
    expect(results.get('apps/web/src/features/roadmaps/roadmap-page.test.ts')).toEqual([]);
  });
  it('refuse mentors and assessment importing each other, even through api.ts', () => {
    expect(results.get('apps/web/src/features/assessment/uses-mentors-api.ts')).toContain(
      'import-x/no-restricted-paths',
    );
  });
  it("send the web app's store hooks through lib/store-hooks.ts", () => {
    expect(results.get('apps/web/src/features/roadmaps/uses-untyped-hooks.ts')).toContain(
      'no-restricted-imports',
    );
    expect(results.get('apps/web/src/lib/store-hooks.ts')).toEqual([]);
  });
  it('refuse shared components depending on a feature', () => {
    expect(results.get('apps/web/src/components/uses-feature.ts')).toContain('import-x/no-restricted-paths');
  });
  it("let an api module use another module's services and rules, never its repository or routes", () => {
    expect(results.get('apps/api/src/modules/bookings/uses-service.ts')).toEqual([]);
    expect(results.get('apps/api/src/modules/bookings/uses-rules.ts')).toEqual([]);
    expect(results.get('apps/api/src/modules/bookings/uses-repository.ts')).toContain(
      'import-x/no-restricted-paths',
    );
    expect(results.get('apps/api/src/modules/bookings/uses-routes.ts')).toContain(
      'import-x/no-restricted-paths',
    );
  });
  it('refuse the database layer importing a module', () => {
    expect(results.get('apps/api/src/db/uses-module.ts')).toContain('import-x/no-restricted-paths');
  });
  it('refuse the service context importing a module, even for a type', () => {
    expect(results.get('apps/api/src/context/uses-module.ts')).toContain('import-x/no-restricted-paths');
  });
  it('refuse import cycles', () => {
    expect(results.get('apps/api/src/lib/cycle-a.ts')).toContain('import-x/no-cycle');
  });
});
