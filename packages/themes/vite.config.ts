import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { defineConfig } from 'vite';

/**
 * Library build of @latchkey/themes: one ES module per source file in dist/ (the exports map points at
 * dist/index.js and dist/contract.css.js). The contract is global (fixed `--lk-*` names) and emits no
 * CSS, so the output needs no vanilla-extract plugin in the host. Declarations come from
 * `tsc -p tsconfig.build.json` (emitDeclarationOnly).
 */
export default defineConfig({
  plugins: [vanillaExtractPlugin()],
  build: {
    target: 'es2020',
    outDir: 'dist',
    emptyOutDir: true,
    minify: false,
    sourcemap: true,
    lib: {
      entry: { index: 'src/index.ts', 'contract.css': 'src/contract.css.ts' },
      formats: ['es'],
    },
    rollupOptions: {
      external: [/^@vanilla-extract\//, /^@latchkey\//],
      output: { preserveModules: true, preserveModulesRoot: 'src', entryFileNames: '[name].js' },
    },
  },
});
