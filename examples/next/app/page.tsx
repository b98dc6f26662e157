import { SignInButton } from '@latchkey/ui';

/** A Server Component page with the prebuilt button: no wrapper of the host's own. */
export default function Home() {
  return (
    <main>
      <h1>Prebuilt</h1>
      <SignInButton />
    </main>
  );
}
