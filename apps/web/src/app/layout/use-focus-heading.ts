import { useEffect, type RefObject } from 'react';
import { useLocation } from 'react-router';

/** How long a screen may take to show its heading (a lazy chunk, then its data) before we give up. */
const WAIT_MS = 10_000;

/** The page was loaded and shown once: from now on every screen shown came from a navigation. */
let shownOnce = false;

/** Focuses the page's h1 (focusable by script only), or reports that there is none yet. */
function focusHeading(main: HTMLElement): boolean {
  const heading = main.querySelector('h1');
  if (!heading) return false;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus();
  return true;
}

/** Nothing holds the focus: it was never placed, or its element left the page. */
function focusIsLost(main: HTMLElement): boolean {
  const active = document.activeElement;
  return !active || active === document.body || active === main || !active.isConnected;
}

/**
 * After each navigation (not the page's first load, where the skip link comes first) the focus moves to
 * the new screen's heading, so a screen reader announces where the user is and the keyboard
 * continues from there. A screen still loading gets its heading focused as soon as it appears, and
 * again if it redraws its heading (a loader, then the data) while nobody has moved the focus.
 */
export function useFocusHeadingOnNavigation(main: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  useEffect(() => {
    // One flag for the whole app: signing in moves from the guest frame to the app's, a navigation too.
    if (!shownOnce) {
      shownOnce = true;
      return;
    }
    const root = main.current;
    if (!root) return;
    focusHeading(root);
    const observer = new MutationObserver(() => {
      if (focusIsLost(root)) focusHeading(root);
    });
    // The user acting first (a click, a key) ends it: we never take the focus back from them.
    const stop = () => {
      observer.disconnect();
      window.clearTimeout(timer);
      window.removeEventListener('pointerdown', stop, true);
      window.removeEventListener('keydown', stop, true);
    };
    const timer = window.setTimeout(stop, WAIT_MS);
    window.addEventListener('pointerdown', stop, true);
    window.addEventListener('keydown', stop, true);
    observer.observe(root, { childList: true, subtree: true });
    return stop;
  }, [pathname, main]);
}
