import { HeadlessSignIn } from './HeadlessSignIn';

/** A Server Component page around a component of the host's own built on the headless hooks. */
export default function HeadlessPage() {
  return (
    <main>
      <h1>Headless</h1>
      <HeadlessSignIn />
    </main>
  );
}
