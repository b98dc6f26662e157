/** Display names of the social providers of SPEC §9. */
export const PROVIDER_LABELS: Readonly<Record<string, string>> = {
  apple: 'Apple', bitbucket: 'Bitbucket', coinbasesocial: 'Coinbase', discord: 'Discord', epicgames: 'Epic Games',
  facebook: 'Facebook', farcaster: 'Farcaster', github: 'GitHub', gitlab: 'GitLab', google: 'Google', instagram: 'Instagram',
  linkedin: 'LinkedIn', microsoft: 'Microsoft', twitch: 'Twitch', twitter: 'X (Twitter)', telegram: 'Telegram', spotify: 'Spotify',
  tiktok: 'TikTok', line: 'LINE', steam: 'Steam', shopify: 'Shopify', kraken: 'Kraken',
};

export function providerLabel(provider: string): string {
  return PROVIDER_LABELS[provider] ?? provider;
}
