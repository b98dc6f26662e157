// What test/setup/sandbox.ts provides (that file belongs to the node program, so its declaration is
// repeated here for the browser program these tests typecheck in).
import 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    sandboxUrl: string;
    sandboxEnvironmentId: string;
  }
}
