import type { SandboxContext } from '../../context.js';
import { MpcRpcError } from './MpcRpcError.js';
import type { RoomRow } from './mpcRoomRepository.js';
import { findMpcWallet, type MpcWalletRow } from './mpcWalletRepository.js';

/** The wallet of a sign, reshare, refresh or export room — refused if it changed generation since the room opened. */
export async function currentWallet(ctx: SandboxContext, room: RoomRow<{ walletId: string; generation: number }>): Promise<MpcWalletRow> {
  const wallet = await findMpcWallet(ctx.db, ctx.environmentId, room.params.walletId);
  if (!wallet || wallet.user_id !== room.user_id) throw new MpcRpcError('room_closed', 'The wallet of this room no longer exists.');
  if (wallet.generation !== room.params.generation) throw new MpcRpcError('room_closed', 'The wallet was reshared or refreshed since this room opened; open a new one.');
  return wallet;
}
