/**
 * The rows of a long list that a virtual list draws: those in view (from the scroll offset,
 * the viewport's height and a fixed row height) and a few either side, so scrolling does not
 * show a blank edge before the next frame; the rest of the list is two spacers of the same
 * height. Pure, so it is checked in Node (test/unit/extension/virtualWindow.test.ts).
 */

export interface WindowInput {
  /** Pixels scrolled past the list's first row. */
  scrollTop: number;
  /** Height of the visible part of the list, in pixels. */
  viewport: number;
  rowHeight: number;
  count: number;
  /** Rows drawn beyond each edge of the view. */
  overscan: number;
}

export interface RowWindow {
  /** First row drawn (0-based). */
  start: number;
  /** One past the last row drawn. */
  end: number;
  /** Height of the spacer above the drawn rows, and below them. */
  before: number;
  after: number;
}

export function visibleRows({ scrollTop, viewport, rowHeight, count, overscan }: WindowInput): RowWindow {
  if (count <= 0 || rowHeight <= 0) return { start: 0, end: 0, before: 0, after: 0 };
  const top = Math.min(Math.max(0, scrollTop), count * rowHeight);
  const first = Math.min(count - 1, Math.floor(top / rowHeight));
  const shown = Math.ceil(Math.max(0, viewport) / rowHeight) + 1;
  const start = Math.max(0, first - overscan);
  const end = Math.min(count, first + shown + overscan);
  return { start, end, before: start * rowHeight, after: (count - end) * rowHeight };
}

/** The scroll offset that brings row `index` into a view of `viewport` pixels, moving as little as it can. */
export function scrollToShow(index: number, scrollTop: number, viewport: number, rowHeight: number): number {
  const top = index * rowHeight;
  if (top < scrollTop) return top;
  if (top + rowHeight > scrollTop + viewport) return top + rowHeight - viewport;
  return scrollTop;
}
