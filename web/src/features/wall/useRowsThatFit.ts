import { useLayoutEffect, useRef, useState } from 'react';

/**
 * How many rows of a list fit its height whole, so a screen nobody scrolls never shows half a
 * row: the list takes the room its panel leaves (its height does not follow its rows). Rows may
 * differ in height (an alert's text takes up to two lines, issue 39, item 11), so the count is
 * the rows that lie whole inside the list, measured again when what it shows or its room
 * changes; it grows only by rows as tall as the tallest seen, so it settles instead of swaying.
 * Answers the list's ref callback and the count, `max` until measured.
 */
export function useRowsThatFit(
  max: number,
  /** What the list shows: measured again when it changes, as new rows may be taller or shorter. */
  content: unknown,
): [(element: HTMLElement | null) => void, number] {
  const [list, setList] = useState<HTMLElement | null>(null);
  const [count, setCount] = useState(max);
  const tallest = useRef(0);
  // After the rows or their number changed: new rows may be taller or shorter than those they replaced.
  useLayoutEffect(() => {
    if (list) measureRows(list, max, tallest, setCount);
  }, [list, max, content, count]);
  useLayoutEffect(() => {
    if (!list) return undefined;
    const observer = new ResizeObserver(() => {
      // Another room (another screen, another type size): the rows' heights are measured anew.
      tallest.current = 0;
      measureRows(list, max, tallest, setCount);
    });
    observer.observe(list);
    return () => observer.disconnect();
  }, [list, max]);
  return [setList, count];
}

/** The rows of `list` that lie whole inside it, or more when the room below the last holds rows as tall as the tallest. */
function measureRows(list: HTMLElement, max: number, tallest: { current: number }, setCount: (count: number) => void) {
  const rows = [...list.children].map((row) => row.getBoundingClientRect());
  if (rows.length === 0) return;
  const bottom = list.getBoundingClientRect().bottom + 0.5;
  const gap = Number.parseFloat(getComputedStyle(list).rowGap) || 0;
  for (const row of rows) tallest.current = Math.max(tallest.current, row.height);
  if (tallest.current <= 0) return;
  const whole = rows.findIndex((row) => row.bottom > bottom);
  if (whole !== -1) {
    setCount(Math.max(1, whole));
    return;
  }
  const last = rows[rows.length - 1];
  const more = last ? Math.floor((bottom - last.bottom) / (tallest.current + gap)) : 0;
  if (more > 0 && rows.length < max) setCount(Math.min(max, rows.length + more));
}
