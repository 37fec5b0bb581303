import { useCallback, useEffect, useState } from 'react';
import { SIDEBAR } from '#shared/constants.ts';

function readCookie(): boolean {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${SIDEBAR.cookieName}=`));
  // Expanded unless the admin collapsed it.
  return match?.split('=')[1] !== 'false';
}

function writeCookie(open: boolean) {
  // biome-ignore lint/suspicious/noDocumentCookie: a plain cookie is what docs/product.md asks for (7 days).
  document.cookie = `${SIDEBAR.cookieName}=${open}; path=/; max-age=${SIDEBAR.cookieMaxAgeSeconds}; SameSite=Lax`;
}

/** The desktop sidebar's expanded state, remembered in a cookie; Ctrl/Meta+B runs `onShortcut`. */
export function useSidebarState() {
  const [open, setOpenState] = useState(readCookie);
  const setOpen = useCallback((next: boolean) => {
    setOpenState(next);
    writeCookie(next);
  }, []);
  return { open, setOpen };
}

/** Ctrl+B (Meta+B on a Mac) anywhere in the admin area. */
export function useSidebarShortcut(onToggle: () => void) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== SIDEBAR.shortcutKey || !(event.ctrlKey || event.metaKey)) return;
      if (event.altKey || event.shiftKey) return;
      event.preventDefault();
      onToggle();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [onToggle]);
}
