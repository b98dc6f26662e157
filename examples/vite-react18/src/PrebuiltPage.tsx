import { SignInButton } from '@latchkey/ui';

/** The prebuilt UI: one button; the dialog and, once signed in, the user menu load on demand. */
export function PrebuiltPage() {
  return (
    <main>
      <h1>Prebuilt</h1>
      <SignInButton />
    </main>
  );
}
