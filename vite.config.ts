import { fileURLToPath } from 'node:url';
import { defineConfig, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { precompress } from './scripts/precompress.ts';

const root = fileURLToPath(new URL('./src/web', import.meta.url));
const outDir = fileURLToPath(new URL('./dist/web', import.meta.url));

/**
 * The web app lives in src/web and builds into dist/web, which the server serves (src/server/app.ts).
 * A build is always a production build, whatever NODE_ENV the shell has: with NODE_ENV=development Vite
 * would ship React's development build (470 KB instead of 256 KB), checks and warnings included.
 */
export default defineConfig(({ command }) => {
  if (command === 'build') process.env.NODE_ENV = 'production';
  return config;
});

const config: UserConfig = {
  root,
  plugins: [react(), tailwindcss(), precompress()],
  build: {
    outDir,
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases. The vendor
        // chunk holds only what the first load needs ($initial); libraries only lazily loaded pages use go into
        // chunks fetched with those pages, so the sign-in screen does not download them.
        codeSplitting: {
          // A page's code arrives as many small shared chunks (icons, ui primitives, hooks; 35–37 files of
          // which most under 1 KB for /, /logbook and /forecast), each a request of its own on a mobile
          // connection. Common chunks under 4 KB of source are inlined into the chunks that import them
          // instead (10–12 files; a few KB duplicated); this also turns on strictExecutionOrder (ADR 0066).
          experimentalInlineCommonChunks: { maxSize: 4096 },
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 2 },
            { name: 'vendor', test: /node_modules[\\/]/, tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    port: 5000,
    strictPort: true,
    proxy: {
      '/api': { target: process.env.API_URL ?? `http://localhost:${process.env.API_PORT ?? '5001'}`, changeOrigin: false },
    },
  },
};
