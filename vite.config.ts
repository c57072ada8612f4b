/// <reference types="vitest/config" />
import { build, defineConfig, type Plugin, type Rolldown, type UserConfig } from 'vite';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import optimizeLocales from '@react-aria/optimize-locales-plugin';
import { PORTAL_LOCALE } from './src/ui/locale.ts';

// The gateway serves the built SPA and /gwapi from one port (`npm start`).
// `npm run dev` runs Vite's dev server and proxies /gwapi to a gateway started
// beside it (GATEWAY_URL, default http://127.0.0.1:8080).
// The tokenizer's hosted card field (gateway/tokenizer/field/) is built on its
// own (`--mode card-field`): its own page, script and stylesheet in
// dist/card-field/, which only the tokenizer's origin serves. Every portal
// build ends with it (the cardField plugin below), since the portal's build
// empties dist/.
export const CARD_FIELD_OUT = 'dist/card-field';
const PRERENDER_MODE = 'prerender';
const PRERENDER_SERVER_OUT = 'node_modules/.prerender';

/** The tests that run the gateway over a database: on PGlite and again on PostgreSQL. */
const GATEWAY_TESTS = ['test/contract/**/*.test.ts', 'test/flows/**/*.gateway.test.ts'];
/** Races that PGlite, one query at a time, cannot run: PostgreSQL only. */
const POSTGRES_ONLY = ['test/concurrency/**/*.test.ts', 'test/faults/**/*.test.ts'];

export default defineConfig(({ mode }) => (mode === 'card-field' ? cardField : mode === PRERENDER_MODE ? prerenderBuild : portal));

const cardField: UserConfig = {
  root: 'gateway/tokenizer/field',
  base: '/',
  publicDir: false,
  envDir: false,
  plugins: [vanillaExtractPlugin(), precompress()],
  build: {
    outDir: resolve(CARD_FIELD_OUT),
    emptyOutDir: true,
    target: 'es2022',
    // One small script: no preload polyfill, no inlined assets (the field's policy allows only its own files).
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
  },
};

/** The plugins the browser's build and the prerender's server build share: the same modules, the same class names. */
const appPlugins = (identifiers?: 'short' | 'debug') => [
  tanstackRouter({
    target: 'react',
    autoCodeSplitting: true,
    routesDirectory: 'src/routes',
    generatedRouteTree: 'src/routeTree.gen.ts',
    routeFileIgnorePrefix: '-',
  }),
  // The portal is in US English: react-aria keeps only that locale's built-in strings (its 30+ others are dropped).
  { ...optimizeLocales.vite({ locales: [PORTAL_LOCALE] }), enforce: 'pre' as const },
  react(),
  // The prerender's server build must name classes as the browser's build does (short in production).
  vanillaExtractPlugin(identifiers ? { identifiers } : {}),
];

const entryChunks = entryChunkNames();

const portal: UserConfig = {
  plugins: [...appPlugins(), ariaIdPrefix(), ariaPortalLocale(), ariaSearchCollator(), entryChunks.plugin, noChunkCycles(), precompress(), buildCardField(), prerenderPages()],
  server: {
    proxy: { '/gwapi': process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080' },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    // The prerender lists each page's own chunks from it.
    manifest: true,
    // Every browser the portal supports (es2022) preloads modules natively: no polyfill in the entry (0.5 KB gzip).
    // The entry is never preloaded by the code loaded on demand: the page's <script type=module> has loaded it
    // already, and Firefox fires an error event on a modulepreload link of it (test/e2e/prerender.spec.ts).
    modulePreload: { polyfill: false, resolveDependencies: (_file, deps) => deps.filter((d) => !entryChunks.names.has(d)) },
    // One stylesheet for every page (7 KB gzip in all): a page paints after one small request, not a
    // dozen (Lighthouse's mobile network pays a round trip per file), and the next page has it cached.
    cssCodeSplit: false,
    // React, the router and their helpers in one chunk, which every page loads: left to themselves
    // they came as nine small chunks, each paying its own gzip header and import lists (/: 110.0 KB
    // gzip before, 107.3 KB after; /memberInfo 194.5 KB before, 191.7 KB after). Only packages: a
    // group takes its modules' imports with it, and a module of ours would bring the theme the entry
    // imports, so the entry would import the whole chunk before the first paint.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|use-sync-external-store|@vanilla-extract[\\/]recipes)[\\/]/,
            },
            // The router apart from React: the entry evaluates each in a task of its own (src/main.tsx).
            { name: 'tanstack', test: /node_modules[\\/]@tanstack[\\/]/ },
            // Everything else a page loads first, one chunk per set of pages that loads it (pageChunks).
            { name: pageChunks(), includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  test: {
    exclude: ['test/e2e/**', 'node_modules/**'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // The gateway's tests run on both databases; a failure's line names its project (|pglite| or |postgres|).
    projects: [
      {
        extends: true,
        test: {
          name: 'pglite',
          include: ['test/**/*.test.ts', 'machines/**/*.test.ts', 'gateway/**/*.test.ts', 'src/**/*.test.ts'],
          exclude: ['test/e2e/**', 'node_modules/**', ...POSTGRES_ONLY],
          env: { TEST_DATABASE: 'pglite' },
          globalSetup: ['test/contract/coverage.global.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'postgres',
          include: [...GATEWAY_TESTS, ...POSTGRES_ONLY],
          env: { TEST_DATABASE: 'postgres' },
          globalSetup: ['test/contract/coverage.global.ts', 'test/tools/postgres.global.ts'],
        },
      },
    ],
  },
};

/**
 * The chunks of what a page loads first, by the pages that load it. Left to itself, rolldown makes a
 * chunk for every set of dynamic imports (routes, lazy steps) that reach a module, so the member
 * form's first screen came as 28 chunks and the home page's as 14, many of them under 1 KB. Each is a
 * request the entry starts (src/main.tsx; under Lighthouse's network instrumentation each costs the main
 * thread more than the module's bytes would) and a module the browser instantiates. Here a module that some page loads
 * first (its route's component, the router and the app, and what they import) goes into one chunk
 * with every other module loaded first on the same pages and later (by a lazy step) on the same
 * pages; so no page loads a byte more at first, and a later step loads only modules its page may
 * load later anyway. Left to rolldown: the entry and what it imports (before the first paint),
 * app.tsx (the entry evaluates it apart from the router), each route's component (the prerender
 * reads a page's chunks from it), modules no page loads first (the lazy steps), and the packages: a
 * package's index imports all of its modules, so its graph does not say which of them a page uses.
 * With groups, rolldown keeps its runtime helpers (0.5 KB) in a chunk of their own, which Vite
 * preloads from the HTML beside the entry. First chunks: `/memberInfo` 28 before, 22 after; `/` 14, 10.
 */
function pageChunks(): Rolldown.CodeSplittingNameFunction {
  let plan: Map<string, string> | undefined;
  return (id, ctx) => {
    plan ??= planPageChunks(ctx);
    return plan.get(id) ?? null;
  };
}

const PACKAGE = /[\\/]node_modules[\\/]/;
/** A route's component, which the router plugin splits out (`autoCodeSplitting`). */
const ROUTE = /\?tsr-split=component$/;

function planPageChunks(ctx: Rolldown.ChunkingContext): Map<string, string> {
  const info = (id: string) => ctx.getModuleInfo(id);
  // What `roots` import: statically; also on demand (`later`: the lazy steps of `page`, not the other
  // routes, which the router imports on demand, nor what their route modules import on demand); or on
  // demand with every route (`all`).
  const closure = (roots: readonly string[], reach: 'static' | 'later' | 'all', page?: string) => {
    const seen = new Set<string>();
    const walk = [...roots];
    while (walk.length) {
      const id = walk.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      const m = info(id);
      // Packages never import our modules; and a package's index names all of its modules, used or not.
      if (!m || PACKAGE.test(id)) continue;
      walk.push(...m.importedIds);
      const otherRoute = reach === 'later' && m.dynamicallyImportedIds.some((d) => ROUTE.test(d)) && `${id}?tsr-split=component` !== page;
      if (reach === 'all' || (reach === 'later' && !otherRoute)) walk.push(...m.dynamicallyImportedIds.filter((d) => reach === 'all' || !ROUTE.test(d)));
    }
    return seen;
  };
  const entry = resolve('src/main.tsx');
  const app = resolve('src/app.tsx');
  if (!info(entry) || !info(app)) throw new Error('pageChunks: src/main.tsx or src/app.tsx is not in the build');
  const beforePaint = closure([entry], 'static');
  const everything = closure([entry], 'all');
  // Every page evaluates what the entry imports on demand (React, the router, the app) before its route.
  const shared = closure(info(entry)!.dynamicallyImportedIds, 'static');
  const routes = [...everything].filter((id) => ROUTE.test(id)).sort();
  const firstOn = routes.map((route) => new Set([...shared, ...closure([route], 'static')]));
  const laterOn = firstOn.map((first, i) => closure([...first], 'later', routes[i]));
  const plan = new Map<string, string>();
  const names = new Map<string, string>();
  for (const id of [...everything].sort()) {
    // A route's component keeps a chunk of its own: the prerender finds a page's chunks from it (src/prerender/write.ts).
    // Rolldown's runtime (a virtual module) stays where rolldown puts it.
    if (beforePaint.has(id) || id === app || PACKAGE.test(id) || id.startsWith('\0') || ROUTE.test(id)) continue;
    const first = routes.filter((_, i) => firstOn[i]!.has(id));
    if (first.length === 0) continue;
    const key = routes.map((_, i) => (firstOn[i]!.has(id) ? 'F' : laterOn[i]!.has(id) ? 'L' : '-')).join('');
    if (!names.has(key)) {
      // Named for a reader of a trace: the shell every page loads, the one or two pages' own, or how many share it.
      const pages = first.map((r) => r.match(/routes[\\/](.+)\.tsx\?/)?.[1]?.replace(/\$/g, '').replace(/^index$/, 'home') ?? 'page');
      const name = first.length === routes.length ? 'shell' : pages.length <= 2 ? `${pages.join('_')}-page` : `first-on-${pages.length}-pages`;
      // One group per name: two sets that read alike (loaded later on different pages) get numbers.
      const taken = [...names.values()].filter((n) => n === name || n.startsWith(`${name}-`)).length;
      names.set(key, taken ? `${name}-${taken + 1}` : name);
    }
    plan.set(id, names.get(key)!);
  }
  return plan;
}

/**
 * Fails the build when chunks import each other in a cycle. The page groups above take no
 * dependencies with them (`includeDependenciesRecursively: false`), so a grouped module's import
 * could land in a chunk that imports the group back; a module evaluated before what it reads then
 * throws in the browser, and only on some pages.
 */
function noChunkCycles(): Plugin {
  return {
    name: 'no-chunk-cycles',
    apply: 'build',
    generateBundle(_options, bundle) {
      const imports = new Map<string, string[]>();
      for (const chunk of Object.values(bundle)) if (chunk.type === 'chunk') imports.set(chunk.fileName, chunk.imports);
      const done = new Set<string>();
      const visit = (file: string, path: string[]) => {
        if (path.includes(file)) this.error(`chunks import each other in a cycle: ${[...path.slice(path.indexOf(file)), file].join(' -> ')}`);
        if (done.has(file)) return;
        for (const next of imports.get(file) ?? []) visit(next, [...path, file]);
        done.add(file);
      };
      for (const file of imports.keys()) visit(file, []);
    },
  };
}

/** The prerender's server build: src/prerender/entry-server.tsx for Node, beside the browser's build. */
const prerenderBuild: UserConfig = {
  plugins: appPlugins(process.env.PRERENDER_IDENTIFIERS === 'debug' ? 'debug' : 'short'),
  publicDir: false,
  build: {
    ssr: 'src/prerender/entry-server.tsx',
    outDir: PRERENDER_SERVER_OUT,
    emptyOutDir: true,
    target: 'node20',
    sourcemap: false,
  },
};

/**
 * A change to one module of a package, for the browser build only. The module's source is matched
 * exactly: `patch` returns the new source, or null when the module is not the one it was written for,
 * and the build then fails (as it does when the module was not in the build at all), so an upgrade
 * never silently drops the patch.
 */
function exactPatch(name: string, module: RegExp, update: string, patch: (code: string) => string | null): Plugin {
  let patched = false;
  return {
    name,
    apply: 'build',
    transform(code, id) {
      if (!module.test(id)) return null;
      const next = patch(code);
      if (next === null) this.error(`${name}: the module changed upstream: update ${update} (${id})`);
      patched = true;
      return { code: next, map: null };
    },
    buildEnd() {
      if (!patched) this.error(`${name}: the module (${module}) was not in the build`);
    },
  };
}

/**
 * react-aria's ids keep the server's prefix (see below). Whether react-aria is hydrating (`useIsSSR()`) is
 * left as upstream has it, a store per component: the fields of a served page hydrate one by one as they
 * are used (src/ui/HydrateWhenUsed.tsx), and a context switched above them as the page went live would have
 * made React hydrate every one of them at once.
 */
function ariaIdPrefix(): Plugin {
  // Each id react-aria makes (useSSRSafeId, under every label, field and option) read useIsSSR() on every render,
  // only to pick its prefix once, at mount: so every field rendered again when the switch went off, for ids
  // that stay as they are. Within the one root of the page, React's own useId part is unique whatever the
  // prefix (tree-based while hydrating, a counter after), so the prefix is always the server's.
  const ID_PREFIX = /let \[didSSR\] = \(0, \$[\w$]+\)\(\$[\w$]+\(\)\);\s*let prefix = didSSR \|\| process\.env\.NODE_ENV === 'test' \? 'react-aria' : `react-aria\$\{\$[\w$]+\.prefix\}`;/;
  return exactPatch('aria-id-prefix', /\/react-aria\/dist\/private\/ssr\/SSRProvider\.mjs$/, 'ariaIdPrefix (vite.config.ts)', (code) => {
    const idPrefix = code.match(ID_PREFIX)?.[0];
    return idPrefix ? code.replace(idPrefix, "let prefix = 'react-aria';") : null;
  });
}

/**
 * react-aria speaks the portal's language (src/ui/locale.ts). Upstream, its i18n module works out the
 * browser's language as it loads (`Intl.DateTimeFormat.supportedLocalesOf`, and `Intl.Locale#maximize`
 * for the direction): the first use of ICU's locale data, 30-45 ms of one task here without
 * throttling, before a flow can answer a tap. The portal is written in US English, and react-aria
 * keeps only that locale's strings anyway, so its announcements, its buttons' labels and its sorting
 * follow the page, left to right, whatever the browser's language: a reader set to French or Arabic
 * is not asked to read English as another language. No Intl call is left at load: the typeaheads
 * compare without a Collator (ariaSearchCollator). And `useLocale()` gives one object for the whole
 * visit: upstream it is a new object on every render while the page hydrates and a state after, so
 * every component that reads the locale (each field, list and typeahead) rendered again when
 * react-aria's hydration switch went off (src/ui/AriaHydration.tsx), for the same en-US.
 */
function ariaPortalLocale(): Plugin {
  const BROWSER_LOCALE = /try \{\s*Intl\.DateTimeFormat\.supportedLocalesOf\(\[\s*locale\s*\]\);\s*\} catch\s*\{\s*locale = 'en-US';\s*\}\s*return \{\s*locale: locale,\s*direction: \(0, [\w$]+\)\(locale\) \? 'rtl' : 'ltr'\s*\};/;
  // The hook's body, from its `useIsSSR()` to its last return: a locale that never changes needs no state, no
  // `languagechange` listener and no switch after hydration.
  const HOOK_BODY = /let isSSR = \(0, [\w$]+\)\(\);\s*let \[defaultLocale, setDefaultLocale\] = [\s\S]*?return defaultLocale;/;
  const portal = `{ locale: ${JSON.stringify(PORTAL_LOCALE)}, direction: 'ltr' }`;
  return exactPatch('aria-portal-locale', /\/react-aria\/dist\/private\/i18n\/useDefaultLocale\.mjs$/, 'ariaPortalLocale (vite.config.ts)', (code) =>
    BROWSER_LOCALE.test(code) && HOOK_BODY.test(code)
      ? `${code.replace(BROWSER_LOCALE, `return ${portal};`).replace(HOOK_BODY, 'return $mop$portalLocale;')}\nconst $mop$portalLocale = Object.freeze(${portal});\n`
      : null,
  );
}

/**
 * react-aria's typeaheads compare strings by their letters (src/ui/searchCollator.ts)
 * instead of a new Intl.Collator: the first Collator loads ICU's collation data, 40-70 ms of one task at
 * 4x CPU on every flow's first screen, to answer whether two strings are equal ignoring case and accents.
 */
function ariaSearchCollator(): Plugin {
  const NEW_COLLATOR = /let formatter = new Intl\.Collator\(locale, options\);/;
  const module = JSON.stringify(resolve('src/ui/searchCollator.ts'));
  return exactPatch('aria-search-collator', /\/react-aria\/dist\/private\/i18n\/useCollator\.mjs$/, 'ariaSearchCollator (vite.config.ts) and src/ui/searchCollator.ts', (code) =>
    NEW_COLLATOR.test(code)
      ? `import { searchCollator as $mop$searchCollator } from ${module};\n${code.replace(NEW_COLLATOR, 'let formatter = $mop$searchCollator(locale, options);')}`
      : null,
  );
}

/**
 * The entry chunks' file names, read as the bundle is generated and before Vite writes each dynamic
 * import's preload list (its own generateBundle hook, which calls `resolveDependencies`).
 */
function entryChunkNames(): { names: Set<string>; plugin: Plugin } {
  const names = new Set<string>();
  return {
    names,
    plugin: {
      name: 'entry-chunk-names',
      apply: 'build',
      generateBundle: {
        order: 'pre',
        handler(_options, bundle) {
          names.clear();
          for (const chunk of Object.values(bundle)) if (chunk.type === 'chunk' && chunk.isEntry) names.add(chunk.fileName);
          if (names.size === 0) this.error('entry-chunk-names: the bundle has no entry chunk');
        },
      },
    },
  };
}

/** After the browser's build: the server build of the prerender, then one HTML file per route (src/prerender/write.ts). */
function prerenderPages(): Plugin {
  let dist = resolve('dist');
  return {
    name: 'prerender',
    apply: 'build',
    configResolved(config) {
      dist = resolve(config.root, config.build.outDir);
      // A development build (the hydration check's, test/tools/hydration.ts) names classes for debugging.
      process.env.PRERENDER_IDENTIFIERS = config.isProduction ? 'short' : 'debug';
    },
    async closeBundle() {
      // No manifest: the browser's build failed, and its own error says why (Vite gives this hook no error).
      if (!existsSync(join(dist, '.vite/manifest.json'))) return;
      await build({ mode: PRERENDER_MODE, logLevel: 'warn' });
      const { writePages } = await import('./src/prerender/write.ts');
      await writePages({ dist, serverEntry: resolve(PRERENDER_SERVER_OUT, 'entry-server.js') });
    },
  };
}

/** After the portal's build: the card field's, into dist/card-field. */
function buildCardField(): Plugin {
  return {
    name: 'card-field',
    apply: 'build',
    async closeBundle() {
      await build({ mode: 'card-field', logLevel: 'warn' });
    },
  };
}

/**
 * Writes a .br and a .gz beside every text asset of the build, so the gateway
 * serves compressed files (@fastify/static `preCompressed`) without
 * compressing on each request.
 */
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg)$/.test(fileName)) continue;
        const path = join(options.dir!, fileName);
        const source = readFileSync(path);
        if (source.length < 1024) continue;
        writeFileSync(`${path}.br`, brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${path}.gz`, gzipSync(source, { level: 9 }));
      }
    },
  };
}
