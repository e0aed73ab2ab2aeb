import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const api = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, target: 'es2020' },
  server: {
    proxy: {
      '/api': api,
      '/uploads': api,
      '/dashboard/negotiate': api,
      '^/dashboard\\?id=': { target: api, ws: true },
    },
  },
});
