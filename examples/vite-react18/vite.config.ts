import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// A plain Vite + React host: the kit ships plain ES modules and a prebuilt stylesheet, so no plugin of its own.
// LATCHKEY_API_BASE_URL and LATCHKEY_ENVIRONMENT_ID reach the page as import.meta.env (envPrefix).
export default defineConfig({
  plugins: [react()],
  envPrefix: 'LATCHKEY_',
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
});
