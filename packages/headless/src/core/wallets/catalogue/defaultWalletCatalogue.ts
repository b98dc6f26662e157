// The bundled default catalogue lives in the protocol package (plain data), so the sandbox serves the same entries.
export { defaultWalletCatalogue } from '@latchkey/protocol/defaultWalletCatalogue';
