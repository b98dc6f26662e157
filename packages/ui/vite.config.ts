import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { defineConfig } from 'vite';

/**
 * Library build of @latchkey/ui: one ES module per source file in dist/ (so the host's bundler
 * keeps the lazily imported dialog and menu in their own chunks), and every `.css.ts` compiled by
 * vanilla-extract into ONE stylesheet, dist/styles.css (`@latchkey/ui/styles.css`): a host needs
 * no vanilla-extract plugin. React, Radix, vanilla-extract's runtime, uqr and the other Latchkey
 * packages stay external. Declarations come from `tsc -p tsconfig.build.json` (emitDeclarationOnly).
 * Every entry (`.`, `./flows`, `./solana`) starts with `'use client'`: React Server Components hosts (Next.js) may
 * import the kit from a Server Component file. Rollup drops module-level directives, so the banner is added to the
 * entry chunks' output (the modules they import, statically or lazily, are client modules through them).
 */
export default defineConfig({
  plugins: [vanillaExtractPlugin()],
  build: {
    target: 'es2020',
    outDir: 'dist',
    emptyOutDir: true,
    minify: false,
    sourcemap: true,
    cssCodeSplit: false,
    lib: {
      entry: { index: 'src/index.ts', 'flows/index': 'src/flows/index.ts', wallets: 'src/wallets.ts', solana: 'src/solana.ts' },
      formats: ['es'],
      cssFileName: 'styles',
    },
    rollupOptions: {
      external: [/^uqr($|\/)/, /^react($|\/)/, /^react-dom($|\/)/, /^@radix-ui\//, /^@vanilla-extract\//, /^@latchkey\//],
      output: {
        preserveModules: true,
        preserveModulesRoot: 'src',
        entryFileNames: '[name].js',
        banner: (chunk) => (chunk.isEntry ? "'use client';" : ''),
      },
    },
  },
});
