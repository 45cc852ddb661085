import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';
import { compression } from 'vite-plugin-compression2';

/** Where `/api` goes in `vite` (dev) and `vite preview`; in production the gateway serves the console itself. */
const gatewayUrl = process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080';

const apiProxy: Record<string, ProxyOptions> = {
  // Keep the browser's Host so the refresh cookie (path /api/auth) stays first-party.
  '/api': { target: gatewayUrl, changeOrigin: false, xfwd: true },
};

const REACT_VENDOR = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/;

export default defineConfig({
  // Fast refresh in dev; esbuild compiles the JSX either way (tsconfig "jsx": "react-jsx").
  // Every asset over 1 kB also as .gz and .br beside it, which the gateway serves to browsers that accept them
  // (no compression work per request); not the manifest, which only tools read.
  plugins: [react(), compression({ algorithms: ['gzip', 'brotliCompress'], threshold: 1024, exclude: [/\.vite\//], logLevel: 'silent' })],
  resolve: {
    alias: {
      '@backoffice/contracts': path.resolve(__dirname, '../libs/contracts/src/index.ts'),
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    // dist/.vite/manifest.json: which chunk imports which, for tools/console-budget.mjs (the sign-in page's first
    // download). The gateway does not serve it: its static files leave out dot-folders.
    manifest: true,
    rollupOptions: {
      onwarn(warning, warn) {
        // zod's sources carry /*@__PURE__*/ comments Rollup cannot place; harmless, and noisy on every build.
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('/node_modules/zod/')) return;
        warn(warning);
      },
      // The contracts' modules only declare (schemas, paths, types): one the console takes nothing from is left out
      // whole. Otherwise every zod schema of every area (their .meta() calls look like side effects) and zod itself
      // would be in the first download, for the sake of AUTH_PATHS.
      treeshake: { moduleSideEffects: (id: string) => !id.includes('/libs/contracts/src/') },
      output: {
        // React and the router change far less often than the app: their own long-cached chunk.
        // (Fluent UI is left to Rollup so that components used by lazy screens stay in those chunks.)
        manualChunks: (id: string) => (REACT_VENDOR.test(id) ? 'react-vendor' : undefined),
      },
    },
  },
  server: { port: 5173, proxy: apiProxy },
  preview: { port: 4173, proxy: apiProxy },
});
