import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/realtime': { target: 'ws://localhost:3000', ws: true },
      '/uploads': 'http://localhost:3000',
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    // index.html keeps preloading the entry's modules (a page the browser renders needs them
    // before it shows anything). A lazy route's modules are not preloaded by appending a link
    // per module at run time: on the first page that was some 56 links appended in the entry's
    // own task (~300 ms on a throttled phone, measured with Lighthouse); the browser fetches a
    // route's modules as it finds their imports instead.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
  },
});
