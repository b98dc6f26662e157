import type { SolanaNetwork } from '@latchkey/headless/solana';
import type { ProjectSettings } from '@latchkey/protocol';
import { useId } from 'react';
import { useLocale, useMessages } from '../../messages/useMessages.js';
import { input, label, stack } from '../../styles/shared.css.js';

/** A network as the picker lists it: a `useSolanaNetworks().networks` entry. */
export type NetworkItem = Pick<SolanaNetwork, 'networkId' | 'name'> & Partial<Pick<SolanaNetwork, 'vanityName' | 'isTestnet'>>;
/** Selector settings of SPEC §2 (`design.selector`). */
export type SelectorSettings = NonNullable<ProjectSettings['design']['selector']>;

export interface NetworkPickerProps {
  networks: readonly NetworkItem[];
  selectedId: string | number | undefined;
  onSelect: (networkId: string | number) => void;
  /** Selector settings of SPEC §2: `label`, `numOfItemsToDisplay`, `defaultItem`, `alignment`. */
  selector?: SelectorSettings;
  /** The project's `hideNetworkInDynamicWidget`: render nothing. */
  hidden?: boolean;
}

/** Picks the Solana network; hidden by `hideNetworkInDynamicWidget` or when there is only one network. */
export function NetworkPicker({ networks, selectedId, onSelect, selector = {}, hidden = false }: NetworkPickerProps) {
  const t = useMessages();
  const { locale, dir } = useLocale();
  const id = useId();
  if (hidden || networks.length < 2) return null;
  const shown = selector.numOfItemsToDisplay && selector.numOfItemsToDisplay > 0 ? networks.slice(0, selector.numOfItemsToDisplay) : networks;
  const current = selectedId ?? shown.find((network) => network.name === selector.defaultItem)?.networkId ?? shown[0]?.networkId;
  return (
    <div className={stack} dir={dir} lang={locale} data-flow="solana-network" style={{ textAlign: selector.alignment ?? 'start' }}>
      <label htmlFor={id} className={label}>
        {selector.label ?? t('receive.network')}
      </label>
      <select id={id} className={input} value={String(current)} onChange={(event) => {
        const picked = shown.find((network) => String(network.networkId) === event.target.value);
        if (picked) onSelect(picked.networkId);
      }}>
        {shown.map((network) => (
          <option key={String(network.networkId)} value={String(network.networkId)}>
            {network.isTestnet ? t('network.testnet', { name: network.vanityName ?? network.name }) : (network.vanityName ?? network.name)}
          </option>
        ))}
      </select>
    </div>
  );
}
