import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { englishWith, MessagesProvider } from '../messages/useMessages.js';
import { expectNoAxeViolations } from '../test/axe.js';
import { renderInKit } from '../test/renderInKit.js';
import { ReportErrorProvider } from '../warn.js';
import { KitErrorBoundary } from './KitErrorBoundary.js';
import { lazyWithRetry } from './lazyWithRetry.js';

let broken = true;
function Fragile() {
  if (broken) throw new Error('render failed: secret=abc');
  return <p>Recovered</p>;
}

describe('KitErrorBoundary', () => {
  it('error: a child that throws shows the sentence and Retry in its place, the cause goes to the report, the rest of the page stays', async () => {
    broken = true;
    const report = vi.fn();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { container } = renderInKit(
      <ReportErrorProvider value={report}>
        <h1>Host page</h1>
        <KitErrorBoundary area="wallet panel">
          <Fragile />
        </KitErrorBoundary>
      </ReportErrorProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Host page' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong.');
    expect(container.querySelector('[data-latchkey-failed="wallet panel"]')).not.toBeNull();
    // The user reads the sentence; the cause is reported, never shown.
    expect(screen.queryByText(/secret=abc/)).toBeNull();
    expect(report).toHaveBeenCalledWith(expect.stringContaining('wallet panel'), expect.objectContaining({ error: expect.objectContaining({ message: 'render failed: secret=abc' }) }));
    await expectNoAxeViolations(container);
    broken = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(screen.getByText('Recovered')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('behavior: a change of resetKey renders the children again (the next click on the opener)', () => {
    broken = true;
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const report = vi.fn();
    const { rerender } = render(
      <ReportErrorProvider value={report}>
        <KitErrorBoundary area="dialog" resetKey={1}>
          <Fragile />
        </KitErrorBoundary>
      </ReportErrorProvider>,
    );
    expect(screen.getByRole('alert')).toBeInTheDocument();
    broken = false;
    rerender(
      <ReportErrorProvider value={report}>
        <KitErrorBoundary area="dialog" resetKey={2}>
          <Fragile />
        </KitErrorBoundary>
      </ReportErrorProvider>,
    );
    expect(screen.getByText('Recovered')).toBeInTheDocument();
  });

  it("behavior: the host's wording replaces the catalogue's, one string at a time", () => {
    broken = true;
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <MessagesProvider value={englishWith({ 'kit.retry': 'Try again' })}>
        <ReportErrorProvider value={vi.fn()}>
          <KitErrorBoundary area="menu">
            <Fragile />
          </KitErrorBoundary>
        </ReportErrorProvider>
      </MessagesProvider>,
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong.');
  });

  it('behavior: a lazy part whose code fails to load shows the failure once (no retry loop); Retry fetches it again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let online = false;
    const load = vi.fn(async () => {
      if (!online) throw new TypeError('Failed to fetch dynamically imported module: /assets/Part.js');
      return { default: ({ name }: { name: string }) => <p>Loaded {name}</p> };
    });
    const Part = lazyWithRetry(load);
    function Host() {
      const [clicks, setClicks] = useState(0);
      return (
        <ReportErrorProvider value={vi.fn()}>
          <button type="button" onClick={() => setClicks(clicks + 1)}>
            Open
          </button>
          <KitErrorBoundary area="part" resetKey={clicks}>
            <Suspense fallback={<p>Loading</p>}>
              <Part name="menu" />
            </Suspense>
          </KitErrorBoundary>
        </ReportErrorProvider>
      );
    }
    render(<Host />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong.');
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(load).toHaveBeenCalledTimes(1);
    online = true;
    // The opener's next click (a new resetKey) tries again.
    await userEvent.setup().click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByText('Loaded menu')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('behavior: while the browser is offline nothing is imported (a browser may keep a failed module failed for good); online, Retry imports it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const report = vi.fn();
    const load = vi.fn(async () => ({ default: () => <p>Loaded part</p> }));
    const Part = lazyWithRetry(load);
    try {
      render(
        <ReportErrorProvider value={report}>
          <KitErrorBoundary area="part">
            <Suspense fallback={<p>Loading</p>}>
              <Part />
            </Suspense>
          </KitErrorBoundary>
        </ReportErrorProvider>,
      );
      expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong.');
      await expect(Part.preload()).rejects.toThrow(/Offline: the code was not fetched/);
      expect(load).not.toHaveBeenCalled();
      expect(report).toHaveBeenCalledWith(expect.stringContaining('part'), expect.objectContaining({ error: expect.any(TypeError) }));
      onLine.mockReturnValue(true);
      await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
      expect(await screen.findByText('Loaded part')).toBeInTheDocument();
      expect(load).toHaveBeenCalledTimes(1);
    } finally {
      onLine.mockRestore();
    }
  });
});
