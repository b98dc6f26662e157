import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MessagesProvider } from '../../messages/messagesContext.js';
import { ar } from '../../messages/locales/ar.js';
import { renderInKit } from '../../test/renderInKit.js';
import { ActivityView, type ActivityItem } from './ActivityView.js';

const received: ActivityItem = {
  signature: '5'.repeat(64),
  status: 'confirmed',
  direction: 'in',
  symbol: 'ACME',
  amount: '1000.0',
  counterparty: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV',
  time: new Date('2026-03-04T14:05:00Z'),
};

describe('ActivityView', () => {
  it('default: an amount reads as the balances do — the locale’s separators, no trailing zero ("+1,000 ACME", not "+1000.0")', () => {
    renderInKit(<ActivityView status="ready" items={[received, { ...received, signature: '6'.repeat(64), direction: 'out', amount: '0.7500' }]} />);
    const rows = screen.getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('+1,000 ACME');
    expect(rows[1]).toHaveTextContent('−0.75 ACME');
  });

  it('behavior: amounts and times follow the active locale (Arabic digits), not the browser’s', () => {
    renderInKit(
      <MessagesProvider value={{ locale: 'ar', dir: 'rtl', catalogue: ar, overrides: {} }}>
        <ActivityView status="ready" items={[received]} />
      </MessagesProvider>,
    );
    const row = screen.getByRole('listitem');
    expect(row).toHaveTextContent(`+${new Intl.NumberFormat('ar').format(1000)} ACME`);
    expect(row.querySelector('time')?.textContent).toBe(new Intl.DateTimeFormat('ar', { dateStyle: 'medium', timeStyle: 'short' }).format(received.time));
  });
});
