// The orders list's keyboard: j/k move, Enter opens, c completes, x cancels, ? shows the help. Keys are ignored while
// typing (inputs, selects, text areas, editable text), inside dialogs and menus, and with Ctrl, Alt or Meta held
// (browser and screen-reader shortcuts stay theirs).
import { useEffect, useEffectEvent } from 'react';

export type ListShortcutHandlers = {
  move: (delta: 1 | -1) => void;
  open: () => void;
  complete: () => void;
  cancel: () => void;
  help: () => void;
};

export const LIST_SHORTCUTS = [
  { keys: ['j'], action: 'next' },
  { keys: ['k'], action: 'previous' },
  { keys: ['Enter'], action: 'open' },
  { keys: ['c'], action: 'complete' },
  { keys: ['x'], action: 'cancel' },
  { keys: ['?'], action: 'help' },
] as const;

/** Fields that take typed text; a checkbox (row selection) is not one, so j/k still move after ticking a row. */
const TYPING =
  'input:not([type=checkbox]):not([type=radio]):not([type=button]):not([type=submit]), textarea, select, [contenteditable=""], [contenteditable="true"]';
/** Where another part of the page owns the keys: dialogs, menus, and (for Enter) anything clickable. */
const OWNED = '[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]';
const CLICKABLE = 'button, a[href], summary, input, [role="button"], [role="menuitem"], [role="checkbox"]';

export function shortcutTarget(target: EventTarget | null, key: string): boolean {
  if (!(target instanceof Element)) return true;
  if (target.closest(TYPING) || target.closest(OWNED)) return false;
  if (key === 'Enter' && target.closest(CLICKABLE)) return false;
  return true;
}

export function useListShortcuts(handlers: ListShortcutHandlers, enabled = true): void {
  // Reads the latest handlers without re-subscribing on every render.
  const onKey = useEffectEvent((e: KeyboardEvent) => {
    if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || e.isComposing) return;
    if (!shortcutTarget(e.target, e.key)) return;
    const act: Record<string, () => void> = {
      j: () => handlers.move(1),
      k: () => handlers.move(-1),
      Enter: handlers.open,
      c: handlers.complete,
      x: handlers.cancel,
      '?': handlers.help,
    };
    const run = act[e.key];
    if (!run) return;
    e.preventDefault();
    run();
  });
  useEffect(() => {
    if (!enabled) return;
    const listener = (e: KeyboardEvent) => onKey(e);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, [enabled]);
}
