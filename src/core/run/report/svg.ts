/**
 * The HTML report's charts: drawn by Observable Plot into a detached DOM (linkedom) and
 * written out as inline SVG, so the report needs no script or network to show them.
 */
import * as Plot from '@observablehq/plot';
import { parseHTML } from 'linkedom';

function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

// Plot's types name the DOM's Document and SVG elements, which the engine does not compile
// against (no DOM library): the document and the chart are held as what they are used for.
let detachedDocument: unknown;

/** The document Plot draws into: one for every chart of a report, made on first use. */
function plotDocument(): unknown {
  // linkedom's types assume the DOM library too.
  detachedDocument ??= (parseHTML('<!doctype html><html><body></body></html>') as unknown as { document: unknown }).document;
  return detachedDocument;
}

/** A chart drawn into the detached document, as SVG text. */
function svgText(options: Plot.PlotOptions): string {
  const chart: unknown = Plot.plot({ ...options, document: plotDocument() });
  return (chart as { outerHTML: string }).outerHTML;
}

/** Bars of a distribution (bin → count, in the order given), each bar labelled with its count. */
export function histogramSvg(distribution: Record<string, number>, title: string): string {
  const bins = Object.entries(distribution).map(([bin, count]) => ({ bin, count }));
  return svgText({
    ariaLabel: title,
    width: 260,
    height: 130,
    marginTop: 22,
    x: { label: null, domain: bins.map((b) => b.bin) },
    y: { label: 'items', grid: true, ticks: 3 },
    marks: [
      Plot.barY(bins, { x: 'bin', y: 'count', fill: '#4a7bd0', title: (b: { bin: string; count: number }) => `${b.bin}: ${b.count}` }),
      Plot.text(bins, { x: 'bin', y: 'count', text: (b: { count: number }) => String(b.count), dy: -7, fontSize: 9 }),
      Plot.ruleY([0]),
    ],
  });
}

interface DifferenceRow {
  aspect: string;
  meanDifference: number;
  low: number;
  high: number;
}

/** One row per aspect: the difference B − A as a dot and its 95% interval as a line, around zero. */
export function differencesSvg(rows: DifferenceRow[]): string {
  const measured = rows.filter((r) => [r.meanDifference, r.low, r.high].every(Number.isFinite));
  // Symmetric around zero, so which side of "no difference" an interval lies on is plain.
  const extent = Math.max(0.1, ...measured.flatMap((r) => [Math.abs(r.low), Math.abs(r.high)]));
  return svgText({
    ariaLabel: 'B − A per aspect with 95% intervals',
    width: 440,
    height: rows.length * 28 + 50,
    marginLeft: 110,
    // Every aspect keeps its row; one that could not be compared shows an empty one.
    y: { label: null, domain: rows.map((r) => r.aspect) },
    x: { label: 'B − A (95% interval)', domain: [-extent, extent], grid: true, nice: true },
    marks: [
      Plot.ruleX([0], { stroke: '#999', strokeDasharray: '3 3' }),
      Plot.link(measured, { x1: 'low', x2: 'high', y1: 'aspect', y2: 'aspect', stroke: '#333', strokeWidth: 2 }),
      Plot.dot(measured, {
        x: 'meanDifference',
        y: 'aspect',
        r: 4,
        fill: (r: DifferenceRow) => (r.meanDifference >= 0 ? '#2a8a4a' : '#c0392b'),
        title: (r: DifferenceRow) => `${r.meanDifference.toFixed(3)} [${r.low.toFixed(3)}, ${r.high.toFixed(3)}]`,
      }),
    ],
  });
}

export { esc };
