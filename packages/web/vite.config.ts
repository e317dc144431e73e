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
    // Nothing is fetched from elsewhere at run time: every asset is in dist/.
    assetsInlineLimit: 0,
    reportCompressedSize: false,
  },
  server: {
    // `npm run dev -w @arbiter/web` while the server runs on 8080: the API goes to it.
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
});
