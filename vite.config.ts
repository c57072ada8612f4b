/// <reference types="vitest/config" />
import { build, defineConfig, type Plugin, type UserConfig } from 'vite';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import optimizeLocales from '@react-aria/optimize-locales-plugin';

// The gateway serves the built SPA and /gwapi from one port (`npm start`).
// `npm run dev` runs Vite's dev server and proxies /gwapi to a gateway started
// beside it (GATEWAY_URL, default http://127.0.0.1:8080).
// The tokenizer's hosted card field (gateway/tokenizer/field/) is built on its
// own (`--mode card-field`): its own page, script and stylesheet in
// dist/card-field/, which only the tokenizer's origin serves. Every portal
// build ends with it (the cardField plugin below), since the portal's build
// empties dist/.
export const CARD_FIELD_OUT = 'dist/card-field';

export default defineConfig(({ mode }) => (mode === 'card-field' ? cardField : portal));

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

const portal: UserConfig = {
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: 'src/routes',
      generatedRouteTree: 'src/routeTree.gen.ts',
      routeFileIgnorePrefix: '-',
    }),
    // The portal is in US English: react-aria keeps only that locale's built-in strings (its 30+ others are dropped).
    { ...optimizeLocales.vite({ locales: ['en-US'] }), enforce: 'pre' },
    react(),
    vanillaExtractPlugin(),
    precompress(),
    buildCardField(),
  ],
  server: {
    proxy: { '/gwapi': process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080' },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
  },
  test: {
    include: ['test/**/*.test.ts', 'machines/**/*.test.ts', 'gateway/**/*.test.ts', 'src/**/*.test.ts'],
    exclude: ['test/e2e/**', 'node_modules/**'],
    environment: 'node',
    globalSetup: ['test/contract/coverage.global.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
};

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
