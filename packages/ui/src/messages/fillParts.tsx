import { Fragment, type ReactNode } from 'react';

/**
 * A translated sentence with elements in it: `fillParts(t('code.sentTo', …), { email: <strong>…</strong> })` puts
 * each `{name}` given here as a node, in whatever place the locale's word order gives it.
 */
export function fillParts(template: string, parts: Readonly<Record<string, ReactNode>>): ReactNode {
  const pieces = template.split(/\{(\w+)\}/g);
  return pieces.map((piece, index) =>
    index % 2 === 1 ? <Fragment key={index}>{piece in parts ? parts[piece] : `{${piece}}`}</Fragment> : piece,
  );
}
