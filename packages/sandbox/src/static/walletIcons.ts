import { walletCatalogue } from './walletCatalogue.js';

/**
 * The catalogue's icon set: one SVG per brand sprite id, served beside the catalogue JSON at
 * `/static/wallet-icons/{spriteId}.svg`. The marks are the wallets' own logos on their brand background, from
 * `@web3icons/core` (MIT); only the sprite ids the served catalogue names are served, each loaded once.
 */
export const WALLET_ICONS_PATH = '/static/wallet-icons/';

/** The sprite ids the catalogue names (groups and wallets). */
export const walletSpriteIds: ReadonlySet<string> = new Set(
  [...Object.values(walletCatalogue.groups), ...Object.values(walletCatalogue.wallets)].flatMap((item) => {
    const spriteId = (item as { brand?: { spriteId?: string } }).brand?.spriteId;
    return spriteId ? [spriteId] : [];
  }),
);

const loaded = new Map<string, Promise<string | undefined>>();

/** The SVG of a catalogue sprite id, or `undefined` when the catalogue does not name it or the set has no mark for it. */
export function walletIconSvg(spriteId: string): Promise<string | undefined> {
  if (!walletSpriteIds.has(spriteId) || !/^[a-z0-9-]+$/.test(spriteId)) return Promise.resolve(undefined);
  let svg = loaded.get(spriteId);
  if (!svg) {
    svg = import(`@web3icons/core/svgs/wallets/background/${spriteId}.svg.js`).then(
      (module: { default?: unknown }) => (typeof module.default === 'string' ? module.default : undefined),
      () => undefined,
    );
    loaded.set(spriteId, svg);
  }
  return svg;
}
