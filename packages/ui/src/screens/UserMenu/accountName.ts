/** The parts of the signed-in user the account name is taken from. */
export interface AccountNameSource {
  email?: string | null | undefined;
  phoneNumber?: string | null | undefined;
  verifiedCredentials?: readonly { format?: string | undefined; address?: string | null | undefined; lastSelectedAt?: string | null | undefined }[] | undefined;
}

/** `9yaW…8Q9R`: the first and last four characters of a long address. */
export function shortAddress(address: string): string {
  return address.length > 12 ? `${address.slice(0, 4)}…${address.slice(-4)}` : address;
}

/**
 * What the user menu calls the account: the e-mail, else the phone number, else the primary wallet's short address
 * (the wallet selected last, as `useWallets` orders them); `undefined` when the user has none of them.
 */
export function accountName(user: AccountNameSource | undefined): string | undefined {
  if (user?.email) return user.email;
  if (user?.phoneNumber) return user.phoneNumber;
  let primary: { address: string; selectedAt: number } | undefined;
  for (const credential of user?.verifiedCredentials ?? []) {
    if (credential.format !== 'blockchain' || !credential.address) continue;
    const selectedAt = credential.lastSelectedAt ? Date.parse(credential.lastSelectedAt) : 0;
    if (!primary || selectedAt > primary.selectedAt) primary = { address: credential.address, selectedAt };
  }
  return primary ? shortAddress(primary.address) : undefined;
}
