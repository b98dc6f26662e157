import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));

/** @type {import('next').NextConfig} */
export default {
  reactStrictMode: true,
  // This folder is the app (the repository around it has a lockfile of its own).
  turbopack: { root: here },
  outputFileTracingRoot: here,
};
