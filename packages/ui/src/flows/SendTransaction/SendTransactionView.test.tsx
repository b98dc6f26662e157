import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe.js';
import { sendFlowModel } from '../../test/flowModels.js';
import { renderInKit } from '../../test/renderInKit.js';
import { MessagesProvider } from '../../messages/messagesContext.js';
import { es } from '../../messages/locales/es.js';
import { NetworkPicker } from '../../screens/WalletPanel/NetworkPicker.js';
import { SolanaBalances } from '../../screens/WalletPanel/SolanaBalances.js';
import { SendTransactionView } from './SendTransactionView.js';
import type { SendFlowModel, SolanaBalanceItem } from './SendTransactionModel.js';

const RECIPIENT = '9ZTsGj9jYLTTYcAc7BR3WNbVPnj4tAUDkgx6EaMajXJy';
const MINT = 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB';
const balances: SolanaBalanceItem[] = [
  { address: 'So11111111111111111111111111111111111111112', isNative: true, name: 'Solana', symbol: 'SOL', decimals: 9, rawBalance: 1_500_000_000n, balance: '1.5', marketValue: '225.38' },
  { address: MINT, isNative: false, name: 'Test dollar', symbol: 'TUSD', decimals: 6, rawBalance: 7_500_000n, balance: '7.5', marketValue: '7.5' },
];

const fakeFlow = (overrides: Partial<SendFlowModel> = {}): SendFlowModel => sendFlowModel(() => vi.fn(), overrides);

describe('Solana UI', () => {
  it('default: balances with fiat when showFiat, accessible', async () => {
    const { container } = renderInKit(<SolanaBalances status="ready" balances={balances} showFiat />);
    expect(container.querySelector('[data-flow="solana-balances"]')).toHaveAttribute('data-state', 'ready');
    expect(screen.getByText(/1\.5 SOL/)).toHaveTextContent('1.5 SOL ≈ $225.38');
    // Money in dollars and cents, whatever the amount rule made of it.
    expect(screen.getByText(/7\.5 TUSD/)).toHaveTextContent('7.5 TUSD ≈ $7.50');
    expect(screen.getByText(/7\.5 TUSD/)).toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  it('behavior: the first read of the balances is announced: a status region says "Loading balances…"', async () => {
    const { container } = renderInKit(<SolanaBalances status="loading" balances={[]} showFiat />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading balances…');
    await expectNoAxeViolations(container);
  });

  it('behavior: a token logo (https or same-origin) shows beside its symbol — decorative, 20px, lazy; other URLs show none', async () => {
    const logos: SolanaBalanceItem[] = [
      { ...balances[1]!, address: 'A1', symbol: 'HTTPS', logoURI: 'https://tokens.latchkey.example/tusd.svg' },
      { ...balances[1]!, address: 'A2', symbol: 'SAME', logoURI: '/tokens/same.svg' },
      { ...balances[1]!, address: 'A3', symbol: 'PLAIN', logoURI: 'http://tokens.elsewhere.example/x.png' },
      { ...balances[1]!, address: 'A4', symbol: 'DATA', logoURI: 'data:image/svg+xml,<svg/>' },
      { ...balances[1]!, address: 'A5', symbol: 'SCRIPT', logoURI: 'javascript:alert(1)' },
      { ...balances[1]!, address: 'A6', symbol: 'NONE' },
    ];
    const { container } = renderInKit(<SolanaBalances status="ready" balances={logos} showFiat={false} />);
    const images = [...container.querySelectorAll('img')];
    expect(images.map((image) => image.getAttribute('src'))).toEqual(['https://tokens.latchkey.example/tusd.svg', '/tokens/same.svg']);
    for (const image of images) {
      expect(image).toHaveAttribute('alt', '');
      expect(image).toHaveAttribute('width', '20');
      expect(image).toHaveAttribute('height', '20');
      expect(image).toHaveAttribute('loading', 'lazy');
      expect(image.style.width).toBe('20px');
    }
    // The symbol and name stay the accessible text of the row.
    expect(images[0]?.closest('li')).toHaveTextContent('HTTPS Test dollar');
    await expectNoAxeViolations(container);
  });

  it('behavior: without showFiat no fiat value is shown', () => {
    renderInKit(<SolanaBalances status="ready" balances={balances} showFiat={false} />);
    expect(screen.queryByText(/\$/)).toBeNull();
  });

  it('behavior: the recipient is checked as it is typed; Max fills the balance less the fee reserve; submit sends exact base units', async () => {
    const flow = fakeFlow();
    const user = userEvent.setup();
    const { container } = renderInKit(<SendTransactionView flow={flow} balances={balances} />);
    const recipient = screen.getByLabelText('Recipient');
    await user.type(recipient, 'O0Il');
    expect(screen.getByText('Only base58 characters (no 0, O, I or l) are allowed.')).toBeInTheDocument();
    await user.clear(recipient);
    await user.type(recipient, 'abc');
    expect(screen.getByText('An address is 32 to 44 characters long.')).toBeInTheDocument();
    await user.clear(recipient);
    await user.type(recipient, RECIPIENT);
    expect(recipient).toHaveAttribute('aria-invalid', 'false');
    await user.click(screen.getByRole('button', { name: 'Max' }));
    expect(screen.getByLabelText('Amount')).toHaveValue('1.499995');
    await user.click(screen.getByRole('button', { name: 'Review' }));
    expect(flow.prepare).toHaveBeenCalledWith({ to: RECIPIENT, amount: 1_499_995_000n });
    await expectNoAxeViolations(container);
  });

  it('behavior: in Spanish, Max writes the amount with a decimal comma, which is sent as the same base units', async () => {
    const flow = fakeFlow();
    const user = userEvent.setup();
    renderInKit(
      <MessagesProvider value={{ locale: 'es', dir: 'ltr', catalogue: es, overrides: {} }}>
        <SendTransactionView flow={flow} balances={balances} />
      </MessagesProvider>,
    );
    await user.type(screen.getByLabelText('Destinatario'), RECIPIENT);
    await user.click(screen.getByRole('button', { name: 'Máx.' }));
    expect(screen.getByLabelText('Importe')).toHaveValue('1,499995');
    await user.click(screen.getByRole('button', { name: 'Revisar' }));
    expect(flow.prepare).toHaveBeenCalledWith({ to: RECIPIENT, amount: 1_499_995_000n });
  });

  it('behavior: an SPL token sends its mint and its own decimals; a bad amount is not submitted', async () => {
    const flow = fakeFlow();
    const user = userEvent.setup();
    renderInKit(<SendTransactionView flow={flow} balances={balances} />);
    await user.selectOptions(screen.getByLabelText('Token'), MINT);
    await user.type(screen.getByLabelText('Recipient'), RECIPIENT);
    await user.type(screen.getByLabelText('Amount'), '0.0000001');
    await user.click(screen.getByRole('button', { name: 'Review' }));
    expect(screen.getByText('At most 6 decimals.')).toBeInTheDocument();
    expect(flow.prepare).not.toHaveBeenCalled();
    await user.clear(screen.getByLabelText('Amount'));
    await user.type(screen.getByLabelText('Amount'), '2.5');
    await user.click(screen.getByRole('button', { name: 'Review' }));
    expect(flow.prepare).toHaveBeenCalledWith({ to: RECIPIENT, amount: 2_500_000n, mint: MINT });
  });

  it('error: a network failure reads as a sentence with Retry, which retries the step the network cut off', async () => {
    const network = { code: 'network_error', message: 'Network error. Check your connection and try again.' };
    const user = userEvent.setup();
    const building = fakeFlow({ status: 'invalid', error: network, canRetry: true, request: { to: RECIPIENT, amount: 1n } });
    const first = renderInKit(<SendTransactionView flow={building} balances={balances} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Network error. Check your connection and try again.');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(building.retry).toHaveBeenCalledTimes(1);
    await expectNoAxeViolations(first.container);
    first.unmount();
    const sending = fakeFlow({ status: 'failed', error: network, canRetry: true });
    renderInKit(<SendTransactionView flow={sending} balances={balances} />);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(sending.retry).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });

  it("behavior: no Retry where retrying cannot help ('Transaction failed', 'Insufficient funds.')", () => {
    const { unmount } = renderInKit(<SendTransactionView flow={fakeFlow({ status: 'failed', error: { code: 'transaction_failed', message: 'Transaction failed' }, canRetry: false })} balances={balances} />);
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    unmount();
    renderInKit(<SendTransactionView flow={fakeFlow({ status: 'invalid', error: { code: 'insufficient_funds', message: 'Insufficient funds.' }, canRetry: false })} balances={balances} />);
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('behavior: balances that failed to load offer Retry (a fresh read)', async () => {
    const onRefresh = vi.fn();
    renderInKit(<SolanaBalances status="failed" balances={[]} showFiat={false} error={{ code: 'network_error', message: 'Network error. Check your connection and try again.' }} onRefresh={onRefresh} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Network error. Check your connection and try again.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRefresh).toHaveBeenCalledTimes(1);
  });

  it("error: 'Insufficient funds.' from the flow is announced on the form", () => {
    renderInKit(<SendTransactionView flow={fakeFlow({ status: 'invalid', error: { code: 'insufficient_funds', message: 'Insufficient funds.' } })} balances={balances} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Insufficient funds.');
  });

  it('behavior: the review names the token the form sent even after a refresh drops it from the balances (not base units as SOL)', async () => {
    const flow = fakeFlow();
    const user = userEvent.setup();
    const { rerender } = renderInKit(<SendTransactionView flow={flow} balances={balances} />);
    await user.selectOptions(screen.getByLabelText('Token'), MINT);
    await user.type(screen.getByLabelText('Amount'), '5');
    await user.type(screen.getByLabelText('Recipient'), RECIPIENT);
    await user.click(screen.getByRole('button', { name: 'Review' }));
    expect(flow.prepare).toHaveBeenCalledWith({ to: RECIPIENT, amount: 5_000_000n, mint: MINT });
    const review = fakeFlow({ status: 'review', request: { to: RECIPIENT, amount: 5_000_000n, mint: MINT }, fee: 5000n });
    rerender(<SendTransactionView flow={review} balances={balances.filter((balance) => balance.isNative)} />);
    expect(screen.getByText('5 TUSD')).toBeInTheDocument();
    expect(screen.queryByText('0.005 SOL')).not.toBeInTheDocument();
  });

  it('behavior: a review of a token this view never knew shows its base units and the mint, never SOL', () => {
    renderInKit(<SendTransactionView flow={fakeFlow({ status: 'review', request: { to: RECIPIENT, amount: 5_000_000n, mint: MINT }, fee: 5000n })} balances={balances.filter((balance) => balance.isNative)} />);
    expect(screen.getByText('5,000,000 Es9v…wNYB')).toBeInTheDocument();
  });

  it('default: review shows amount, recipient, fee and the simulation; confirm and cancel reach the flow', async () => {
    const flow = fakeFlow({
      status: 'review',
      request: { to: RECIPIENT, amount: 500_000_000n },
      fee: 5000n,
      simulation: {
        inAssets: [],
        outAssets: [{ asset: { symbol: 'SOL', name: 'Solana', decimals: 9 }, transfers: [{ value: '0.500005', rawValue: '500005000', summary: 'Send 0.500005 SOL' }] }],
        counterparties: [RECIPIENT],
        validation: { result: 'benign' },
      },
    });
    const user = userEvent.setup();
    const { container } = renderInKit(<SendTransactionView flow={flow} balances={balances} />);
    expect(container.querySelector('[data-flow="solana-send"]')).toHaveAttribute('data-state', 'review');
    expect(screen.getByText('0.5 SOL')).toBeInTheDocument();
    expect(screen.getByText('0.000005 SOL')).toBeInTheDocument();
    expect(screen.getByText('Send 0.500005 SOL')).toBeInTheDocument();
    expect(screen.getByText('9ZTs…jXJy')).toBeInTheDocument();
    await expectNoAxeViolations(container);
    await user.click(screen.getByRole('button', { name: 'Confirm and sign' }));
    expect(flow.confirm).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(flow.cancel).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['confirming', undefined, 'Waiting for confirmation…'],
    ['done', undefined, 'Transfer confirmed.'],
    ['failed', { code: 'transaction_failed', message: 'Transaction failed' }, 'Transaction failed'],
    ['timedOut', { code: 'transaction_timed_out', message: 'Transaction timed out' }, 'Transaction timed out'],
  ] as const)('default: %s shows its message and the signature', async (status, error, message) => {
    const { container } = renderInKit(<SendTransactionView flow={fakeFlow({ status, error, signature: 'SiG1' })} balances={balances} />);
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.getByText('SiG1')).toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  it('behavior: while the wallet is to sign, Cancel (a wallet that never answers is no dead end); sending and confirming offer nothing', async () => {
    const flow = fakeFlow({ status: 'signing' });
    const user = userEvent.setup();
    const { rerender } = renderInKit(<SendTransactionView flow={flow} balances={balances} />);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(flow.cancel).toHaveBeenCalledTimes(1);
    for (const status of ['sending', 'confirming'] as const) {
      rerender(<SendTransactionView flow={fakeFlow({ status })} balances={balances} />);
      expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    }
  });

  it('behavior: expired offers signing again', async () => {
    const flow = fakeFlow({ status: 'expired', error: { code: 'transaction_expired', message: 'The transaction expired before it was confirmed. Sign it again with a fresh blockhash.' } });
    const user = userEvent.setup();
    renderInKit(<SendTransactionView flow={flow} balances={balances} />);
    await user.click(screen.getByRole('button', { name: 'Sign again' }));
    expect(flow.resign).toHaveBeenCalledTimes(1);
  });

  it('behavior: the network picker follows the selector settings and hideNetworkInDynamicWidget', async () => {
    const onSelect = vi.fn();
    const networks = [
      { networkId: 104, name: 'Solana Localnet', vanityName: 'Localnet', isTestnet: true },
      { networkId: 103, name: 'Solana Devnet', vanityName: 'Devnet', isTestnet: true },
      { networkId: 101, name: 'Solana Mainnet', vanityName: 'Mainnet' },
    ];
    const user = userEvent.setup();
    const { container, rerender } = renderInKit(<NetworkPicker networks={networks} selectedId={104} onSelect={onSelect} selector={{ label: 'Cluster', numOfItemsToDisplay: 2 }} />);
    const select = screen.getByLabelText('Cluster');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Localnet (test)', 'Devnet (test)']);
    await user.selectOptions(select, '103');
    expect(onSelect).toHaveBeenCalledWith(103);
    await expectNoAxeViolations(container);
    rerender(<NetworkPicker networks={networks} selectedId={104} onSelect={onSelect} hidden />);
    expect(screen.queryByLabelText('Cluster')).toBeNull();
  });
});
