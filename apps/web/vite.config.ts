import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const api = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  // The manifest tells the server which chunks each page needs (modulepreload) and feeds scripts/check-budget.mjs (repository root).
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, target: 'es2020', manifest: true },
  server: {
    proxy: {
      '/api': api,
      '/uploads': api,
      '/dashboard/negotiate': api,
      '^/dashboard\\?id=': { target: api, ws: true },
    },
  },
});
