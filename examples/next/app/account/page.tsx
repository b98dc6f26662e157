import { headers } from 'next/headers';
import { sessionFromCookies } from '../../lib/session';

/** Rendered per request on the server: who this request's session cookie says, once verified against the JWKS. */
export default async function AccountPage() {
  const session = await sessionFromCookies((await headers()).get('cookie'));
  return (
    <main>
      <h1>Account</h1>
      {session ? (
        <p data-testid="server-session">
          Verified on the server: <strong>{session.email ?? session.userId}</strong> (user {session.userId}, until {session.expiresAt})
        </p>
      ) : (
        <p data-testid="server-session">No verified session.</p>
      )}
    </main>
  );
}
