import { API_PATH_PREFIX } from '@latchkey/protocol/constants';
import { z } from 'zod';

/** GET /sandbox/info: everything a test or a host needs to point at this sandbox. */
export const sandboxInfoSchema = z.object({
  environmentId: z.string(),
  /** Without the `/api/v0` suffix. */
  apiBaseUrl: z.string(),
  custodyBaseUrl: z.string(),
  solanaRpcUrl: z.string(),
  solanaWsUrl: z.string(),
  oauthIssuer: z.string(),
  inboxUrl: z.string(),
  /** The MPC ceremonies' JSON-RPC WebSocket (on the API's own port). */
  mpcSocketUrl: z.string(),
  /** The cloud-drive emulator (googleDrive, icloud) for MPC backups: API port + 6, or another free port. */
  cloudDriveUrl: z.string(),
  /** The captcha emulator (widget script at `/1/api.js`, `/siteverify`): API port + 7, or another free port. */
  captchaUrl: z.string(),
});
export type SandboxInfo = z.infer<typeof sandboxInfoSchema>;

/**
 * The sandbox's origins: the API on `port`, the other parts on the ports after it (DESIGN.md
 * "Sandbox contract"): custody +1, Solana JSON-RPC +2 and its websocket +3, OAuth provider +4, Telegram +5, cloud drive +6, captcha +7.
 */
export function sandboxInfo(host: string, port: number, environmentId: string): SandboxInfo {
  const origin = (offset: number, scheme = 'http') => `${scheme}://${host}:${port + offset}`;
  return {
    environmentId,
    apiBaseUrl: origin(0),
    custodyBaseUrl: origin(1),
    solanaRpcUrl: origin(2),
    solanaWsUrl: origin(3, 'ws'),
    oauthIssuer: origin(4),
    inboxUrl: `${origin(0)}/sandbox/inbox`,
    cloudDriveUrl: origin(6),
    captchaUrl: origin(7),
    mpcSocketUrl: `${origin(0, 'ws')}${API_PATH_PREFIX}/sdk/${environmentId}/waas/socket`,
  };
}
