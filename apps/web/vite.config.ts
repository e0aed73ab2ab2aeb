import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const api = 'http://localhost:3000';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
  build: isSsrBuild
    ? // The server's renderer of the first screen (src/entry-server.tsx), outside dist so it is never served as a file.
      { outDir: 'dist-ssr', emptyOutDir: true, sourcemap: false, target: 'node20', manifest: false, copyPublicDir: false }
    : // The manifest tells the server which chunks each page needs (modulepreload) and feeds scripts/check-budget.mjs (repository root).
      { outDir: 'dist', emptyOutDir: true, sourcemap: false, target: 'es2020', manifest: true },
  // npm packages are imported from node_modules at run time; the workspace's contract is TypeScript, so it is bundled.
  ssr: { noExternal: ['@topup/contract'] },
  server: {
    proxy: {
      '/api': api,
      '/uploads': api,
      '/dashboard/negotiate': api,
      '^/dashboard\\?id=': { target: api, ws: true },
    },
  },
}));
