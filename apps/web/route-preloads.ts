import path from 'node:path';
import type { Plugin } from 'vite';

/** A page a visit often starts on: its path, and the modules its route's `lazy` imports (src/app/routes.tsx). */
export interface RoutePreload {
  path: RegExp;
  modules: string[];
  /**
   * API reads the page makes at once, as paths where `$1`… stand for the path's groups: read beside the entry
   * (with cookies, as the app's own fetch of the same URL, which takes the answer), not after it has run.
   */
  reads?: string[];
}

interface Chunk {
  type: 'chunk';
  fileName: string;
  imports: string[];
  facadeModuleId: string | null;
  isEntry: boolean;
}

/**
 * A page's own code is only asked for once the entry script has arrived and run, since the router imports it:
 * one more round trip after the largest download of the visit. This plugin writes a small script, run before the
 * entry, that adds `modulepreload` links for the chunks of the page being opened, so they download beside the
 * entry. It is a file rather than inline code because the content security policy allows no inline script.
 */
export function routePreloads(root: string, routes: RoutePreload[]): Plugin {
  let scriptFile: string | undefined;
  return {
    name: 'skillroute:route-preloads',
    apply: 'build',
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter(
          (output): output is typeof output & Chunk => output.type === 'chunk',
        );
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const withImports = (fileName: string, found = new Set<string>()) => {
          if (found.has(fileName)) return found;
          found.add(fileName);
          for (const imported of byFile.get(fileName)?.imports ?? []) withImports(imported, found);
          return found;
        };
        // The entry's own chunks are in index.html already.
        const initial = new Set(
          chunks.filter((chunk) => chunk.isEntry).flatMap((chunk) => [...withImports(chunk.fileName)]),
        );
        const table = routes.map(({ path: pattern, modules, reads = [] }) => {
          const files = modules.flatMap((module) => {
            const chunk = chunks.find((candidate) => candidate.facadeModuleId === path.resolve(root, module));
            if (!chunk) throw new Error(`route-preloads: no chunk starts at ${module}`);
            return [...withImports(chunk.fileName)];
          });
          return [pattern.source, [...new Set(files)].filter((file) => !initial.has(file)), reads];
        });
        const source = `// Written by apps/web/route-preloads.ts.
for (const [pattern, files, reads] of ${JSON.stringify(table)}) {
  const match = new RegExp(pattern).exec(location.pathname);
  if (!match) continue;
  for (const file of files) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = '/' + file;
    document.head.append(link);
  }
  for (const read of reads) {
    try {
      const link = document.createElement('link');
      link.rel = 'preload';
      link.as = 'fetch';
      link.crossOrigin = 'use-credentials';
      link.href = read.replace(/\\$(\\d)/g, (_, group) => encodeURIComponent(decodeURIComponent(match[group])));
      document.head.append(link);
    } catch {}
  }
}
`;
        scriptFile = this.getFileName(this.emitFile({ type: 'asset', name: 'route-preloads.js', source }));
      },
    },
    transformIndexHtml: {
      order: 'post',
      handler() {
        if (!scriptFile) return [];
        return [
          {
            tag: 'script',
            attrs: { type: 'module', crossorigin: true, src: `/${scriptFile}` },
            injectTo: 'head-prepend',
          },
        ];
      },
    },
  };
}
