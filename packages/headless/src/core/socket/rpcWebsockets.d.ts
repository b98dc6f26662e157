// The tests' server: rpc-websockets' package exports name only `node`/`browser` conditions and no `types`, which
// TypeScript's bundler resolution does not read. This points the bare import at its own declarations.
declare module 'rpc-websockets' {
  export { Server } from '../../../node_modules/rpc-websockets/dist/index.js';
}
