import { useEffect, useState } from 'react';

/** `value` as an SVG QR code (a data URL), from `uqr` (no dependencies) loaded on demand; undefined until drawn. */
export function useQrCode(value: string | undefined): string | undefined {
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    setSrc(undefined);
    if (!value) return undefined;
    let live = true;
    void import('uqr')
      .then(({ renderSVG }) => renderSVG(value, { border: 2, ecc: 'M' }))
      .then((svg) => {
        if (live) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [value]);
  return src;
}
