import type { StorybookConfig } from '@storybook/react-vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { mergeConfig, type UserConfig } from 'vite';

/** What Storybook's Vite config needs on top of its own for the kit's sources. */
const kitViteConfig: UserConfig = {
  plugins: [vanillaExtractPlugin()],
  // Workspace packages resolve to their sources (`source` export condition), as in the vitest projects.
  resolve: { conditions: ['source', 'module', 'browser', 'development|production'] },
  // Found by the dependency scan up front: a dependency discovered mid-run (react-dom is imported by one component
  // only, for createPortal) makes Vite re-optimise and reload, failing every story of the file then running.
  optimizeDeps: { include: ['react-dom', 'react-dom/client'] },
  build: {
    // Storybook's preview bundle is large by nature; the kit's own budget is measured by bench/size.mjs.
    chunkSizeWarningLimit: 2048,
    rollupOptions: {
      // Radix ships `"use client"` directives (for React Server Components), meaningless here.
      onwarn(warning, defaultHandler) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') defaultHandler(warning);
      },
    },
  },
};

/**
 * Storybook for the kit: every state of every flow (stories/), rendered from the packages' sources
 * with vanilla-extract compiling the `.css.ts` files on the fly. The same stories run as tests in
 * Chromium through the `storybook` vitest project (vitest.config.ts).
 */
const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  stories: ['../stories/**/*.stories.tsx'],
  core: { disableTelemetry: true },
  viteFinal: (viteConfig) => mergeConfig(viteConfig, kitViteConfig),
};

export default config;
