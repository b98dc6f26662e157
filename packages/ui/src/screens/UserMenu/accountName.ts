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

/** The primary wallet's full address: the wallet selected last, as `useWallets` orders them. */
export function primaryAddress(user: AccountNameSource | undefined): string | undefined {
  let primary: { address: string; selectedAt: number } | undefined;
  for (const credential of user?.verifiedCredentials ?? []) {
    if (credential.format !== 'blockchain' || !credential.address) continue;
    const selectedAt = credential.lastSelectedAt ? Date.parse(credential.lastSelectedAt) : 0;
    if (!primary || selectedAt > primary.selectedAt) primary = { address: credential.address, selectedAt };
  }
  return primary?.address;
}

/**
 * What the user menu calls the account: the e-mail, else the phone number, else the primary wallet's short address
 * (the wallet selected last, as `useWallets` orders them); `undefined` when the user has none of them.
 */
export function accountName(user: AccountNameSource | undefined): string | undefined {
  if (user?.email) return user.email;
  if (user?.phoneNumber) return user.phoneNumber;
  const address = primaryAddress(user);
  return address ? shortAddress(address) : undefined;
}

/** The user's own name from their profile (first and last name, else user name), when they gave one. */
export function displayNameOf(user: { firstName?: string | null | undefined; lastName?: string | null | undefined; username?: string | null | undefined } | undefined): string | undefined {
  const full = [user?.firstName, user?.lastName].filter((part) => part && part.trim()).join(' ').trim();
  return full || user?.username?.trim() || undefined;
}
