/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';

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
    react(),
    vanillaExtractPlugin(),
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
