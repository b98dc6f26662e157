import { darkTheme, lightTheme } from '@latchkey/themes';
import { LatchkeyUIProvider } from '@latchkey/ui';
import '@latchkey/ui/styles.css';
import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import Link from 'next/link';
import { version, type ReactNode } from 'react';
import { latchkeyConfig } from '../lib/latchkey';

export const metadata: Metadata = { title: 'Latchkey on Next.js' };

/**
 * The root layout is a Server Component: it renders the kit's provider directly (the kit's entries are marked
 * 'use client') with plain configuration, and a theme chosen per request (a `theme` cookie).
 */
export default async function RootLayout({ children }: { children: ReactNode }) {
  const dark = (await cookies()).get('theme')?.value === 'dark';
  return (
    <html lang="en">
      <body>
        <LatchkeyUIProvider config={latchkeyConfig()} theme={dark ? darkTheme() : lightTheme()}>
          <nav>
            <Link href="/">Prebuilt</Link> · <Link href="/headless">Headless</Link> · <Link href="/account">Account</Link> · <small data-testid="react-version">React {version}</small>
          </nav>
          {children}
        </LatchkeyUIProvider>
      </body>
    </html>
  );
}
