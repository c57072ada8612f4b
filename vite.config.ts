/// <reference types="vitest/config" />
import { defineConfig, type Plugin } from 'vite';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import optimizeLocales from '@react-aria/optimize-locales-plugin';

// The gateway serves the built SPA and /gwapi from one port (`npm start`).
// `npm run dev` runs Vite's dev server and proxies /gwapi to a gateway started
// beside it (GATEWAY_URL, default http://127.0.0.1:8080).
export default defineConfig({
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
});

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
