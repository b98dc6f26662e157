import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useViewFocus } from './useViewFocus.js';

function Steps({ view }: { view: 'form' | 'review' | 'done' }) {
  const ref = useViewFocus<HTMLDivElement>(view === 'done' ? 'done' : view);
  return (
    <div ref={ref}>
      {view === 'form' ? (
        <>
          <h3>Send</h3>
          <button type="button">Review</button>
        </>
      ) : view === 'review' ? (
        <>
          <h3>Review transfer</h3>
          <button type="button">Confirm</button>
        </>
      ) : (
        <p data-view-heading="">Transfer confirmed.</p>
      )}
    </div>
  );
}

describe('useViewFocus', () => {
  it('behavior: a new view takes focus to its heading (or the element marked data-view-heading), never to the page body', () => {
    const { rerender } = render(<Steps view="form" />);
    screen.getByRole('button', { name: 'Review' }).focus();
    rerender(<Steps view="review" />);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Review transfer' }));
    rerender(<Steps view="done" />);
    expect(document.activeElement).toBe(screen.getByText('Transfer confirmed.'));
    expect(document.activeElement).toHaveAttribute('tabindex', '-1');
  });

  it('behavior: the first render is left alone, and focus the user put elsewhere on the page is not taken', () => {
    const { rerender } = render(
      <>
        <input aria-label="Elsewhere" />
        <Steps view="form" />
      </>,
    );
    expect(document.activeElement).toBe(document.body);
    screen.getByLabelText('Elsewhere').focus();
    rerender(
      <>
        <input aria-label="Elsewhere" />
        <Steps view="review" />
      </>,
    );
    expect(document.activeElement).toBe(screen.getByLabelText('Elsewhere'));
  });
});
