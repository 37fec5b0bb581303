/**
 * Gives the focus to the first control marked invalid inside `root` (a form), in the order of
 * the page, once the render that marks it is done: for forms that keep their fields themselves
 * (react-hook-form moves the focus on its own).
 */
export function focusFirstInvalid(root: HTMLElement | null): void {
  requestAnimationFrame(() => {
    root?.querySelector<HTMLElement>('[aria-invalid="true"]:not(:disabled)')?.focus();
  });
}
