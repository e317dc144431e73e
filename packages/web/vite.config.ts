// Vite builds the page into dist/ (served by the server at /); JSX is compiled by esbuild for Preact.
import { defineConfig } from 'vite';

export default defineConfig({
  root: import.meta.dirname,
  base: '/',
  esbuild: { jsx: 'automatic', jsxImportSource: 'preact' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Terser, two passes, rather than esbuild's minifier: 149.5 → 145.6 KB gzipped for the whole
    // page and 69.5 → 67.5 KB for what every page loads first, for about 3.5 s more a build.
    minify: 'terser',
    terserOptions: { compress: { passes: 2 } },
    // Nothing is fetched from elsewhere at run time: every asset is in dist/.
    assetsInlineLimit: 0,
    reportCompressedSize: false,
    rollupOptions: {
      output: {
        // Every variant's rules but standard, and their maps, in one part that the page loads
        // for a game of those variants (src/orders/rules.ts): one file compresses better than
        // the handful Rollup would cut them into, and costs one request. The rest of the engine
        // and standard Diplomacy's variant are named too, or Rollup would put the parts the
        // variants share with the page into the variants' file, which the page would then load
        // at once.
        manualChunks(id) {
          if (/\/rules\/(dist|src)\//.test(id))
            return /\/standard\.[jt]s$/.test(id) ? 'engine' : 'variants';
          if (/\/engine\/(dist|src)\/maps\/(pink|fin-de-siecle)[^/]*\.(js|ts|json)$/.test(id))
            return /drawing/.test(id) ? undefined : 'variants';
          if (/\/engine\/(dist|src)\//.test(id) && !/drawing/.test(id)) return 'engine';
          return undefined;
        },
      },
    },
  },
  server: {
    // `npm run dev -w @arbiter/web` while the server runs on 8080: the API goes to it.
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
});
