import { useLatchkey } from '@latchkey/headless/react';
import { createSocketClient, type SocketClient } from '@latchkey/headless/socket';
import { Socket } from '@latchkey/ui/flows';
import { useEffect, useState } from 'react';

const sandboxUrl = new URL(import.meta.env.LATCHKEY_SANDBOX_URL ?? 'http://127.0.0.1:4010');
const environmentId = import.meta.env.LATCHKEY_ENVIRONMENT_ID ?? '2b1f6c1e-6a4d-4c8e-9f3a-5d7e8a9b0c1d';
/** The sandbox's JSON-RPC socket (the one MPC ceremonies use), on the API's own port. */
const socketUrl = `${sandboxUrl.protocol === 'https:' ? 'wss:' : 'ws:'}//${sandboxUrl.host}/api/v0/sdk/${environmentId}/waas/socket`;

/**
 * The host's "live connection" card for a signed-in user: a socket client of the kit (`createSocketClient`), logged in
 * with the session token once open (the client logs in again by itself after every reconnect), and its state as the
 * kit's `<Socket>` line — connected, reconnecting after a drop (SPEC §4: every 1000 ms, 5 attempts), or disconnected
 * with Reconnect.
 */
export default function LiveConnectionCard() {
  const { client } = useLatchkey();
  const [socket, setSocket] = useState<SocketClient>();
  const [login, setLogin] = useState<'pending' | 'verified' | 'refused'>('pending');
  useEffect(() => {
    const made = createSocketClient({ url: socketUrl });
    let asked = false;
    const stop = made.watchStatus(() => {
      if (made.getStatus() !== 'ready' || asked) return;
      asked = true;
      const jwt = client.session.getSnapshot().context.jwt;
      if (!jwt) return setLogin('refused');
      made.login({ jwt }).then(
        () => setLogin('verified'),
        () => setLogin('refused'),
      );
    });
    setSocket(made);
    return () => {
      stop();
      made.close();
    };
  }, [client]);
  if (!socket) return null;
  return (
    <section className="demo-card" aria-labelledby="live-connection-heading">
      <h2 id="live-connection-heading">Live connection</h2>
      <Socket client={socket} />
      <p data-testid="socket-login">
        {login === 'verified' ? 'Your session was checked by the server.' : login === 'refused' ? 'The server did not accept your session.' : 'Checking your session…'}
      </p>
    </section>
  );
}
