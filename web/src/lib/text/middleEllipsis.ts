/** Characters kept whole at the end of a cut identifier: where names and serials differ (`…o-000017`). */
const TAIL_LENGTH = 8;
const ELLIPSIS = '…';

/** The width a text takes, in pixels. */
export type TextWidth = (text: string) => number;

/** The longest n in [0, max] for which fits(n) holds (fits is monotone: true, then false). */
function longest(max: number, fits: (n: number) => boolean): number {
  let low = 0;
  let high = max;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (fits(middle)) low = middle;
    else high = middle - 1;
  }
  return low;
}

/**
 * An identifier (device name, serial) cut to `room` pixels in its middle, never at its end
 * where such names differ: `sim-ha…o-000017`. Up to 8 characters (at most half of it) stay
 * whole at the end; the start gives way first, then, in a very narrow room, the end's first
 * characters. A text that fits, or an unmeasured room (0), is left whole.
 */
export function middleEllipsis(text: string, room: number, width: TextWidth): string {
  if (room <= 0 || width(text) <= room) return text;
  const tail = text.slice(text.length - Math.min(TAIL_LENGTH, Math.floor(text.length / 2)));
  const headRoom = text.length - tail.length;
  const head = longest(headRoom, (n) => width(`${text.slice(0, n)}${ELLIPSIS}${tail}`) <= room);
  if (head > 0 || width(`${ELLIPSIS}${tail}`) <= room) return `${text.slice(0, head)}${ELLIPSIS}${tail}`;
  const kept = longest(tail.length, (n) => width(`${ELLIPSIS}${tail.slice(tail.length - n)}`) <= room);
  return `${ELLIPSIS}${tail.slice(tail.length - kept)}`;
}

/**
 * The width of texts in a CSS font (`12px sans-serif`), measured on a canvas: no layout, so a
 * table can cut hundreds of cells without reading the page. Null where there is no canvas.
 */
export function canvasTextWidth(font: string): TextWidth | null {
  const context = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  if (!context) return null;
  context.font = font;
  const widths = new Map<string, number>();
  return (text) => {
    let measured = widths.get(text);
    if (measured === undefined) {
      measured = context.measureText(text).width;
      if (widths.size > 10_000) widths.clear();
      widths.set(text, measured);
    }
    return measured;
  };
}
