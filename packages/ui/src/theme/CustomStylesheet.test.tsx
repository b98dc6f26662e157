import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LatchkeyUIProvider } from '../LatchkeyUIProvider/LatchkeyUIProvider.js';
import { createSandboxClient } from '../test/sandboxClient.js';
import { ReportErrorProvider } from '../warn.js';
import { CUSTOM_CSS_ATTRIBUTE, CustomStylesheet } from './CustomStylesheet.js';

const BRAND_CSS = 'https://cdn.acme.example/brand.css';
const customLinks = () => document.head.querySelectorAll<HTMLLinkElement>(`link[${CUSTOM_CSS_ATTRIBUTE}]`);
const lastStylesheet = () => Array.from(document.head.querySelectorAll('style, link[rel="stylesheet"]')).at(-1);

function withCustomCss(url: string) {
  return (settings: Record<string, unknown>) => {
    const design = (settings['design'] ?? {}) as Record<string, Record<string, unknown>>;
    return { ...settings, design: { ...design, branding: { ...design['branding'], customCssUrl: url } } };
  };
}

describe('CustomStylesheet (design.branding.customCssUrl)', () => {
  it("behavior: the provider loads the project's stylesheet after the kit's styles, and keeps it last", async () => {
    const kitStyle = document.head.appendChild(document.createElement('style'));
    const { client } = await createSandboxClient({ patchSettings: withCustomCss(BRAND_CSS) });
    const { unmount } = render(
      <LatchkeyUIProvider client={client}>
        <p>host content</p>
      </LatchkeyUIProvider>,
    );
    await waitFor(() => expect(customLinks()).toHaveLength(1));
    const link = customLinks()[0]!;
    expect(link).toHaveAttribute('rel', 'stylesheet');
    expect(link.href).toBe(BRAND_CSS);
    expect(lastStylesheet()).toBe(link);
    // A screen whose code loads later brings its styles: the project's stylesheet moves back after them.
    const lateStyle = document.head.appendChild(document.createElement('style'));
    await waitFor(() => expect(lastStylesheet()).toBe(link));
    expect(screen.getByText('host content')).toBeInTheDocument();
    unmount();
    expect(customLinks()).toHaveLength(0);
    kitStyle.remove();
    lateStyle.remove();
  });

  it('default: no stylesheet without the setting', async () => {
    const { client } = await createSandboxClient();
    render(
      <LatchkeyUIProvider client={client}>
        <p>host content</p>
      </LatchkeyUIProvider>,
    );
    await waitFor(() => expect(client.settings.get().status).toBe('ready'));
    expect(customLinks()).toHaveLength(0);
  });

  for (const url of ['http://cdn.acme.example/brand.css', 'javascript:alert(1)', '//cdn.acme.example/brand.css']) {
    it(`error: ${url} is refused with an error naming the setting, and nothing is loaded`, () => {
      const reportError = vi.fn();
      render(
        <ReportErrorProvider value={reportError}>
          <CustomStylesheet url={url} />
        </ReportErrorProvider>,
      );
      expect(customLinks()).toHaveLength(0);
      expect(reportError).toHaveBeenCalledWith(
        `design.branding.customCssUrl must be an https URL (http only on a loopback host); the custom stylesheet is not loaded (got ${JSON.stringify(url)}).`,
        { setting: 'design.branding.customCssUrl' },
      );
    });
  }
});
