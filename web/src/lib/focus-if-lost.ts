import { useEffect, useRef, type RefObject } from 'react';

// Keyboard focus that an action dropped (QA11 F3): the focused button was removed (a step replaced by the next)
// or disabled while its request ran, so focus fell to the page and a keyboard or screen-reader user starts over
// from the top. These put it on what the action left behind, and only when nothing else holds focus.

/** Whether focus has fallen to the page (no element holds it). */
export function focusIsLost(): boolean {
  return !document.activeElement || document.activeElement === document.body;
}

/**
 * A ref callback: the element takes focus as it appears if focus was lost (the heading or status of the step
 * that replaced the one with the focused button). Give a heading `tabIndex={-1}`.
 */
export function focusIfLost(element: HTMLElement | null): void {
  if (element && focusIsLost()) element.focus();
}

/**
 * Focuses `target` when `pending` ends (the request settled) if focus was lost meanwhile: the button pressed was
 * disabled while it ran. A dialog the request opened keeps its focus.
 */
export function useFocusWhenSettled(pending: boolean, target: RefObject<HTMLElement | null>): void {
  const was = useRef(pending);
  useEffect(() => {
    if (was.current && !pending && focusIsLost()) target.current?.focus();
    was.current = pending;
  }, [pending, target]);
}
