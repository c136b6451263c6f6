import { useEffect, useLayoutEffect, useRef, useState } from 'react';

/**
 * Open state of a popover under a button ("Export", "More", the timeline's "Filter" and "Export timeline"): a press
 * outside it closes it, and it opens toward the side with room, so at phone width it stays on the screen.
 */
export function usePopover<Panel extends HTMLElement>() {
  const [open, setOpen] = useState(false);
  const [alignEnd, setAlignEnd] = useState(false);
  const wrap = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const panel = useRef<Panel>(null);

  useEffect(() => {
    if (!open) return;
    const away = (e: PointerEvent) => {
      if (wrap.current && !wrap.current.contains(e.target as Node)) setOpen(false);
    };
    window.addEventListener('pointerdown', away);
    return () => window.removeEventListener('pointerdown', away);
  }, [open]);

  // Measured before paint: opened from the button's left edge first, from its right edge when that runs off the page.
  useLayoutEffect(() => {
    const box = open ? panel.current?.getBoundingClientRect() : undefined;
    if (box && box.right > document.documentElement.clientWidth) setAlignEnd(true);
  }, [open]);

  const toggle = () => {
    setAlignEnd(false);
    setOpen((o) => !o);
  };
  return { open, alignEnd, toggle, close: () => setOpen(false), wrap, trigger, panel };
}
