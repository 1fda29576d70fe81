import { useLayoutEffect, useState } from 'react';

/**
 * How many rows of a list fit its height whole, so a screen nobody scrolls never shows half a
 * row: the list takes the room its panel leaves (its height does not follow its rows), and the
 * count follows that room and the first row's height whenever either changes. Answers the
 * list's ref callback and the count, `max` until measured.
 */
export function useRowsThatFit(max: number): [(element: HTMLElement | null) => void, number] {
  const [list, setList] = useState<HTMLElement | null>(null);
  const [count, setCount] = useState(max);
  useLayoutEffect(() => {
    if (!list) return undefined;
    const measure = () => {
      const first = list.firstElementChild;
      if (!first) return;
      const gap = Number.parseFloat(getComputedStyle(list).rowGap) || 0;
      const row = first.getBoundingClientRect().height;
      const room = list.getBoundingClientRect().height;
      if (row <= 0) return;
      setCount(Math.max(1, Math.min(max, Math.floor((room + gap) / (row + gap)))));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(list);
    return () => observer.disconnect();
  }, [list, max]);
  return [setList, count];
}
