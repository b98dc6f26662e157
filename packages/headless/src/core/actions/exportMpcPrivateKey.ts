import type { MpcRoom } from '@latchkey/protocol';
import type { ApiClient } from '../transport/createApi.js';

export type ExportMpcPrivateKeyParameters = { walletId: string };
export type ExportMpcPrivateKeyReturnType = MpcRoom;

/** POST /waas/{walletId}/privateKey/export (bearer): opens an export room (the server's shares go sealed to the export frame). */
export async function exportMpcPrivateKey(client: ApiClient, parameters: ExportMpcPrivateKeyParameters): Promise<ExportMpcPrivateKeyReturnType> {
  return client.api.request('exportMpcPrivateKey', { params: { walletId: parameters.walletId } });
}
