'use client';

// @latchkey/headless/react/mpc — the MPC wallet hook, on its own entry (with the FROST and HPKE code it pulls in) so a
// host's first chunk does not carry it.

export { useMpcWallet, type MpcWalletStatus, type UseMpcWalletParameters, type UseMpcWalletReturnType } from '../../react/useMpcWallet.js';
