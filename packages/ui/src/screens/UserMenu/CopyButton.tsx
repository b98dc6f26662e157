import { useEffect, useRef, useState } from 'react';
import { visuallyHidden } from '../../styles/shared.css.js';

export interface CopyButtonProps {
  /** What goes to the clipboard. */
  value: string;
  /** The button's accessible name ('Copy address'). */
  label: string;
  /** Said (and shown as a tick) for two seconds after a copy ('Copied'). */
  copiedLabel: string;
  className?: string | undefined;
  /** Shows `label` as text beside the icon (the Receive screen); icon only otherwise (the menu header). */
  showLabel?: boolean | undefined;
}

/** How long the tick and "Copied" stay. */
const COPIED_MS = 2000;

/** Copies `value` with the Clipboard API; a tick and a polite live message say it worked. */
export function CopyButton({ value, label, copiedLabel, className, showLabel = false }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <>
      <button
        type="button"
        className={className}
        aria-label={showLabel ? undefined : label}
        data-copied={copied ? '' : undefined}
        onClick={() => {
          void navigator.clipboard?.writeText(value).then(
            () => {
              setCopied(true);
              clearTimeout(timer.current);
              timer.current = setTimeout(() => setCopied(false), COPIED_MS);
            },
            () => undefined,
          );
        }}
      >
        {copied ? <TickGlyph /> : <CopyGlyph />}
        {showLabel ? <span>{copied ? copiedLabel : label}</span> : null}
      </button>
      <span className={visuallyHidden} role="status">
        {copied ? copiedLabel : ''}
      </span>
    </>
  );
}

function CopyGlyph() {
  return (
    <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
      <rect x="5.5" y="5.5" width="8" height="8" rx="1.5" fill="none" stroke="currentColor" strokeWidth="1.4" />
      <path d="M10.5 3.5V3a1.5 1.5 0 0 0-1.5-1.5H4A1.5 1.5 0 0 0 2.5 3v5A1.5 1.5 0 0 0 4 9.5h.5" fill="none" stroke="currentColor" strokeWidth="1.4" />
    </svg>
  );
}

function TickGlyph() {
  return (
    <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
      <path d="M3 8.5l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
