import { useEffect, useRef, useState } from 'react';

/**
 * For forms that keep their fields themselves (react-hook-form moves the focus on its own):
 * `focusFirstInvalid(form)` gives the focus to the first control marked invalid inside `form`,
 * in the order of the page, once the render that marks it is committed.
 */
export function useFocusFirstInvalid(): (form: HTMLElement) => void {
  const [asked, setAsked] = useState(0);
  const target = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (asked === 0) return;
    target.current?.querySelector<HTMLElement>('[aria-invalid="true"]:not(:disabled)')?.focus();
  }, [asked]);
  return (form) => {
    target.current = form;
    setAsked((n) => n + 1);
  };
}
