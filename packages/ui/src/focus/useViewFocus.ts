import { useEffect, useRef } from 'react';

/** Focus that nobody holds any more (the focused button left with its view) or that sits inside `container`. */
function focusIsFree(container: HTMLElement): boolean {
  const active = container.ownerDocument.activeElement;
  return active === null || active === container.ownerDocument.body || container.contains(active);
}

/** The heading of the view inside `element`: the one marked `data-view-heading`, else its first heading. */
export function headingIn(element: ParentNode): HTMLElement | null {
  return element.querySelector<HTMLElement>('[data-view-heading]') ?? element.querySelector<HTMLElement>('h1, h2, h3, h4');
}

/** Focuses `target`, making it focusable by script only when it is not focusable already. */
export function focusElement(target: HTMLElement): void {
  if (!target.matches('a[href], button, input, select, textarea, [tabindex]')) target.setAttribute('tabindex', '-1');
  target.focus();
}

export interface ViewFocusOptions {
  /**
   * Where focus goes when the view changes to `viewKey`, instead of the new view's heading — e.g. the button that
   * opened a sub-view, when that sub-view closes. Returning null falls back to the heading.
   */
  target?: (viewKey: string, container: HTMLElement) => HTMLElement | null | undefined;
}

/**
 * Moves keyboard focus when the view inside a container changes (send form → review → confirmed, the steps of
 * setting up an authenticator app), so focus never drops to the page body: to the new view's heading, or to
 * `options.target`. Pass a key that changes with the view, not with every state (a wrong code keeps the view, and
 * focus stays in its field). The first render is left alone (a dialog or menu that opens places focus itself), and so
 * is focus the user has put somewhere else on the page meanwhile.
 */
export function useViewFocus<T extends HTMLElement>(viewKey: string, options: ViewFocusOptions = {}) {
  const ref = useRef<T>(null);
  const previous = useRef(viewKey);
  const { target } = options;
  useEffect(() => {
    if (previous.current === viewKey) return;
    previous.current = viewKey;
    const container = ref.current;
    if (!container || !focusIsFree(container)) return;
    const destination = target?.(viewKey, container) ?? headingIn(container) ?? container;
    if (destination.isConnected) focusElement(destination);
  }, [viewKey, target]);
  return ref;
}
