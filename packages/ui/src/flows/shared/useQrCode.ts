import { useEffect, useState } from 'react';

/** `text` as an SVG QR code (a data URL), from `uqr` (no dependencies) loaded on demand; undefined until it is drawn. */
export function useQrCode(text: string | undefined): string | undefined {
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    setSrc(undefined);
    if (!text) return undefined;
    let live = true;
    void import('uqr')
      .then(({ renderSVG }) => renderSVG(text, { border: 1, ecc: 'M' }))
      .then((svg) => {
        if (live) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [text]);
  return src;
}
