import type { StorybookConfig } from '@storybook/react-vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { mergeConfig } from 'vite';

/**
 * Storybook for the kit: every state of every flow (stories/), rendered from the packages' sources
 * (the `source` export condition) with vanilla-extract compiling the `.css.ts` files on the fly.
 * The same stories run as tests in Chromium through the `storybook` vitest project.
 */
const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  stories: ['../stories/**/*.stories.tsx'],
  core: { disableTelemetry: true },
  viteFinal: (viteConfig) =>
    mergeConfig(viteConfig, {
      plugins: [vanillaExtractPlugin()],
      resolve: { conditions: ['source', 'module', 'browser', 'development|production'] },
    }),
};

export default config;
