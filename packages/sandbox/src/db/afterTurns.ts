/**
 * Microtask turns to wait before sending what has been issued: enough for statements issued a few `await`s apart (of
 * promises already settled) to go together, without waiting for the next turn of the event loop.
 */
export const GATHER_TURNS = 8;

/** Runs `then` after `turns` microtask turns. */
export function afterTurns(turns: number, then: () => void): void {
  if (turns === 0) then();
  else queueMicrotask(() => afterTurns(turns - 1, then));
}
