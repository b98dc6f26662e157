import { walletCatalogueEntrySchema, walletGroupSchema, type WalletCatalogue } from '@latchkey/protocol';
import type { Logger } from '../../logger/createLogger.js';

const WALLET_KEY = /^[a-z0-9]+$/;

function describeIssue(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  const issue = issues[0];
  if (!issue) return 'invalid';
  return issue.path.length > 0 ? `${issue.path.map(String).join('.')}: ${issue.message}` : issue.message;
}

/**
 * A catalogue document (SPEC §7: groups and wallets) validated entry by entry with SPEC §5's rules: an invalid
 * entry (or group) is dropped with a warning and never takes the rest of the list with it. Returns undefined
 * only when the document itself is not a catalogue (no `wallets` object).
 */
export function parseWalletCatalogue(document: unknown, logger?: Pick<Logger, 'warn'>): WalletCatalogue | undefined {
  if (typeof document !== 'object' || document === null) return undefined;
  const record = document as Record<string, unknown>;
  const rawWallets = record['wallets'];
  if (typeof rawWallets !== 'object' || rawWallets === null || Array.isArray(rawWallets)) return undefined;
  const rawGroups = typeof record['groups'] === 'object' && record['groups'] !== null ? (record['groups'] as Record<string, unknown>) : {};

  const groups: WalletCatalogue['groups'] = {};
  for (const [key, value] of Object.entries(rawGroups)) {
    const parsed = walletGroupSchema.safeParse(value);
    if (parsed.success) groups[key] = parsed.data;
    else logger?.warn(`Dropped wallet catalogue group "${key}": ${describeIssue(parsed.error.issues)}`);
  }
  const wallets: WalletCatalogue['wallets'] = {};
  for (const [key, value] of Object.entries(rawWallets as Record<string, unknown>)) {
    if (!WALLET_KEY.test(key)) {
      logger?.warn(`Dropped wallet catalogue entry "${key}": wallet keys are lowercase letters and digits`);
      continue;
    }
    const parsed = walletCatalogueEntrySchema.safeParse(value);
    if (!parsed.success) {
      logger?.warn(`Dropped wallet catalogue entry "${key}": ${describeIssue(parsed.error.issues)}`);
      continue;
    }
    if (parsed.data.group !== undefined && !(parsed.data.group in groups)) {
      logger?.warn(`Dropped wallet catalogue entry "${key}": group: unknown group "${parsed.data.group}"`);
      continue;
    }
    wallets[key] = parsed.data;
  }
  return { groups, wallets };
}
