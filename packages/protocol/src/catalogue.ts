import * as z from 'zod/mini';
import { hexColorSchema, secureUrlSchema } from './common.js';
import { DEFAULT_ETHEREUM_LOCATORS } from './constants.js';
import { isSecureUrl, isUrlPlaceholderAfterHost } from './secureUrl.js';
import { chainSchema, hardwareWalletSchema, mobileExperienceSchema } from './enums.js';

/** Wallet catalogue entry of SPEC §3 with the catalogue rules of SPEC §5. */

const EXTENSION_ID = /^[a-z]{32}$/;

/** Store hosts an extension id may be extracted from, per browser. */
export const EXTENSION_STORE_HOSTS = {
  chrome: ['chromewebstore.google.com', 'chrome.google.com'],
  edge: ['microsoftedge.microsoft.com'],
} as const;

/**
 * The extension id in a store URL such as `https://chromewebstore.google.com/detail/name/<id>`,
 * or undefined when the URL is not a store URL of that browser or holds no id.
 */
export function extensionIdFromStoreUrl(browser: keyof typeof EXTENSION_STORE_HOSTS, value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  const hosts: readonly string[] = EXTENSION_STORE_HOSTS[browser];
  if (url.protocol !== 'https:' || !hosts.includes(url.hostname)) return undefined;
  return url.pathname.split('/').find((segment) => EXTENSION_ID.test(segment));
}

/** A Chrome or Edge extension id: 32 lowercase letters, or extracted from a store URL (SPEC §5). */
function extensionIdSchema(browser: keyof typeof EXTENSION_STORE_HOSTS) {
  return z.pipe(z.string(), z.transform((value, ctx) => {
    if (EXTENSION_ID.test(value)) return value;
    const extracted = extensionIdFromStoreUrl(browser, value);
    if (extracted !== undefined) return extracted;
    ctx.issues.push({
      code: 'custom',
      input: value,
      message: `must be a ${browser === 'chrome' ? 'Chrome' : 'Edge'} extension id (32 lowercase letters) or its store URL`,
    });
    return z.NEVER;
  }));
}

export const chromeExtensionIdSchema = extensionIdSchema('chrome');
export const edgeExtensionIdSchema = extensionIdSchema('edge');

/** An App Store id: `id` followed by 1 to 36 digits (SPEC §5). */
export const iosAppIdSchema = z.string().check(z.regex(/^id\d{1,36}$/, { message: 'must be id followed by 1 to 36 digits' }));

/** An Android application id (reverse domain), e.g. `app.phantom`. */
export const androidAppIdSchema = z.string().check(z.regex(/^[a-zA-Z][\w]*(?:\.[a-zA-Z][\w]*)+$/, { message: 'must be an Android application id such as app.phantom' }));

/** A CAIP-2 chain identifier such as `eip155:1` or `solana:101`. */
export const chainIdentifierSchema = z.string().check(z.regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/, { message: 'must be a chain identifier such as eip155:1' }));

/** A native deep-link prefix such as `phantom://`. */
export const deepLinkSchema = z.string().check(z.regex(/^[a-z][a-z0-9+.-]*:\/\/[^\s]*$/, { message: 'must be a deep link such as wallet://' }));

export const injectedLocatorSchema = z.object({ flag: z.string().check(z.minLength(1)), value: z.boolean() });

export const injectedConfigSchema = z.object({
  chain: chainSchema,
  extensionLocators: z.array(injectedLocatorSchema),
  providerInterface: z.optional(z.string()),
  walletStandard: z.optional(z.object({ features: z.array(z.string()), providerId: z.optional(z.string()) })),
  windowLocations: z.optional(z.array(z.string().check(z.minLength(1))).check(z.refine((locations) => !locations.some((location) => (DEFAULT_ETHEREUM_LOCATORS as readonly string[]).includes(location)), {
      message: `must not include the default ethereum locators (${DEFAULT_ETHEREUM_LOCATORS.join(', ')})`,
    }))),
});
export type InjectedConfig = z.infer<typeof injectedConfigSchema>;

const limitationsSchema = z.object({
  unsupportedEvents: z.optional(z.array(z.string())),
  unsupportedMethods: z.optional(z.array(z.string())),
});

/** A link template (`{url}` is replaced): a secure URL once filled in, its `{url}` only after the host. */
const linkTemplateSchema = z.string().check(
  z.refine((value) => isSecureUrl(value.split('{url}').join('u')), { message: 'must be an https URL (http only on loopback)' }),
  z.refine(isUrlPlaceholderAfterHost, { message: '{url} must come after the host' }),
);

export const walletCatalogueEntrySchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1)),
  shortName: z.optional(z.string().check(z.trim(), z.minLength(1))),
  brand: z.optional(z.object({ alt: z.optional(z.string()), primaryColor: z.optional(hexColorSchema), spriteId: z.optional(z.string().check(z.minLength(1))) })),
  /** The chain group the wallet belongs to (a key of the catalogue's `groups`). */
  group: z.optional(z.string().check(z.minLength(1))),
  chains: z.optional(z.array(chainIdentifierSchema)),
  desktop: z.optional(z.object({
      chromeId: z.optional(chromeExtensionIdSchema),
      edgeId: z.optional(edgeExtensionIdSchema),
      firefoxId: z.optional(z.string().check(z.minLength(1))),
      safariId: z.optional(z.string().check(z.minLength(1))),
      native: z.optional(deepLinkSchema),
      universal: z.optional(secureUrlSchema),
    })),
  mobile: z.optional(z.object({
      androidId: z.optional(androidAppIdSchema),
      iosId: z.optional(iosAppIdSchema),
      android: z.optional(secureUrlSchema),
      ios: z.optional(secureUrlSchema),
      native: z.optional(deepLinkSchema),
      universal: z.optional(secureUrlSchema),
      /** URL template for opening the dapp in the wallet's browser; `{url}` is replaced (after the host). */
      inAppBrowser: z.optional(linkTemplateSchema),
      experience: z.optional(mobileExperienceSchema),
    })),
  injectedConfig: z.optional(z.array(injectedConfigSchema)),
  hardwareWallets: z.optional(z.array(hardwareWalletSchema)),
  walletConnect: z.optional(z.object({ sdks: z.optional(z.array(z.string().check(z.minLength(1)))) })),
  walletLimitations: z.optional(z.object({ browserExtension: z.optional(limitationsSchema), mobile: z.optional(limitationsSchema) })),
});
export type WalletCatalogueEntry = z.output<typeof walletCatalogueEntrySchema>;

export const walletGroupSchema = z.object({
  key: z.string().check(z.minLength(1)),
  name: z.string().check(z.minLength(1)),
  brand: z.optional(z.object({ alt: z.optional(z.string()), spriteId: z.optional(z.string().check(z.minLength(1))) })),
});

/** The catalogue document (SPEC §7: the kit reads groups and wallets), keyed by wallet key. */
export const walletCatalogueSchema = z.object({
    groups: z.record(z.string(), walletGroupSchema),
    wallets: z.record(z.string().check(z.regex(/^[a-z0-9]+$/, { message: 'wallet keys are lowercase letters and digits' })), walletCatalogueEntrySchema),
  }).check(z.superRefine((catalogue, ctx) => {
    for (const [key, wallet] of Object.entries(catalogue.wallets)) {
      if (wallet.group !== undefined && !(wallet.group in catalogue.groups)) {
        ctx.addIssue({ code: 'custom', path: ['wallets', key, 'group'], message: `unknown group "${wallet.group}"` });
      }
    }
  }));
export type WalletCatalogue = z.output<typeof walletCatalogueSchema>;
