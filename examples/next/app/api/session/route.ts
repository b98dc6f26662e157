import { getSessionTokenFromCookies } from '@latchkey/headless';
import { latchkeyConfig } from '../../../lib/latchkey';
import { verifySessionToken } from '../../../lib/session';

const unauthorized = (message: string) => Response.json({ error: { code: 'unauthorized', message } }, { status: 401 });

/**
 * GET /api/session: how this app's server trusts a Latchkey session. The token comes as `Authorization: Bearer …`
 * (from any client) or in the kit's cookie (from this app's pages); it is verified against the environment's JWKS.
 */
export async function GET(request: Request) {
  const bearer = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1];
  const token = bearer ?? getSessionTokenFromCookies(request.headers.get('cookie'), latchkeyConfig().environmentId);
  if (!token) return unauthorized('No session token.');
  try {
    return Response.json(await verifySessionToken(token));
  } catch {
    return unauthorized('The session token does not verify.');
  }
}
