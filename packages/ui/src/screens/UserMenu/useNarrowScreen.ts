import { useEffect, useState } from 'react';

/** Below this width (CSS pixels) the menu is a bottom sheet instead of a popover. */
export const SHEET_BELOW_PX = 480;

/** Whether the viewport is narrower than `SHEET_BELOW_PX`; false until mounted (server render, first paint). */
export function useNarrowScreen(): boolean {
  const [narrow, setNarrow] = useState(false);
  useEffect(() => {
    const query = globalThis.matchMedia?.(`(max-width: ${SHEET_BELOW_PX - 0.02}px)`);
    if (!query) return undefined;
    const update = () => setNarrow(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return narrow;
}
