import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInKit } from '../../test/renderInKit.js';
import { RetryHint } from './RetryHint.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const rateLimited = { code: 'too_many_requests', message: 'Rate limit reached', retryAfterSeconds: 3 };

describe('RetryHint', () => {
  it('behavior: counts down from the refusal’s Retry-After, then shows nothing', () => {
    const { container } = renderInKit(<RetryHint error={rateLimited} />);
    expect(screen.getByText('Try again in 3 s.')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByText('Try again in 2 s.')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(2000));
    expect(container.textContent).not.toContain('Try again');
  });

  it('default: nothing for an error that says no time, or no error', () => {
    const { container, rerender } = renderInKit(<RetryHint error={{ code: 'network_error', message: 'Network error' }} />);
    expect(container.textContent).not.toContain('Try again');
    rerender(<RetryHint error={undefined} />);
    expect(container.textContent).not.toContain('Try again');
  });

  it('behavior: a new refusal starts its own countdown', () => {
    const { rerender } = renderInKit(<RetryHint error={rateLimited} />);
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByText('Try again in 1 s.')).toBeInTheDocument();
    rerender(<RetryHint error={{ ...rateLimited, retryAfterSeconds: 5 }} />);
    expect(screen.getByText('Try again in 5 s.')).toBeInTheDocument();
  });
});
