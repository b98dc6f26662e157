import { useCallback, useContext } from 'react';
import { firstPaint, type FirstPaintMessageId } from './firstPaint.js';
import { fill, MessagesContext } from './messagesContext.js';

/** `useMessages` for what renders first (the menu trigger, a kit failure): only `firstPaint.ts` comes with it. */
export function useFirstPaintMessages(): (id: FirstPaintMessageId, params?: Readonly<Record<string, string | number>>) => string {
  const { overrides, catalogue } = useContext(MessagesContext);
  return useCallback(
    (id: FirstPaintMessageId, params?: Readonly<Record<string, string | number>>) => fill(overrides[id] ?? catalogue?.[id] ?? firstPaint[id], params),
    [overrides, catalogue],
  );
}
