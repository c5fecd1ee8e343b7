/** Small inline SVG charts for the HTML report: a histogram, and differences with their intervals. */

function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Bars of a distribution (bin → count), labelled under each bar. */
export function histogramSvg(distribution: Record<string, number>, title: string): string {
  const bins = Object.entries(distribution);
  const width = 260;
  const height = 120;
  const max = Math.max(1, ...bins.map(([, n]) => n));
  const step = bins.length ? (width - 20) / bins.length : 0;
  const bars = bins
    .map(([bin, n], i) => {
      const h = Math.round((n / max) * (height - 40));
      const x = 10 + i * step;
      return `<rect x="${x + 2}" y="${height - 20 - h}" width="${Math.max(1, step - 4)}" height="${h}" fill="#4a7bd0"><title>${esc(bin)}: ${n}</title></rect>` +
        `<text x="${x + step / 2}" y="${height - 6}" font-size="10" text-anchor="middle">${esc(bin)}</text>` +
        `<text x="${x + step / 2}" y="${height - 24 - h}" font-size="9" text-anchor="middle">${n}</text>`;
    })
    .join('');
  return `<svg role="img" aria-label="${esc(title)}" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}"><title>${esc(title)}</title>${bars}</svg>`;
}

/** One row per aspect: the difference B − A as a dot and its 95% interval as a line, around zero. */
export function differencesSvg(rows: { aspect: string; meanDifference: number; low: number; high: number }[]): string {
  const width = 420;
  const rowHeight = 24;
  const height = rows.length * rowHeight + 24;
  const extent = Math.max(0.1, ...rows.flatMap((r) => [Math.abs(r.low), Math.abs(r.high)]).filter(Number.isFinite));
  const left = 110;
  const scale = (v: number): number => left + ((v + extent) / (2 * extent)) * (width - left - 10);
  const lines = rows
    .map((r, i) => {
      const y = 12 + i * rowHeight;
      if (!Number.isFinite(r.meanDifference)) return `<text x="4" y="${y + 4}" font-size="11">${esc(r.aspect)}</text>`;
      return `<text x="4" y="${y + 4}" font-size="11">${esc(r.aspect)}</text>` +
        `<line x1="${scale(r.low)}" x2="${scale(r.high)}" y1="${y}" y2="${y}" stroke="#333" stroke-width="2"/>` +
        `<circle cx="${scale(r.meanDifference)}" cy="${y}" r="4" fill="${r.meanDifference >= 0 ? '#2a8a4a' : '#c0392b'}"><title>${r.meanDifference.toFixed(3)} [${r.low.toFixed(3)}, ${r.high.toFixed(3)}]</title></circle>`;
    })
    .join('');
  const zero = scale(0);
  return `<svg role="img" aria-label="B − A per aspect with 95% intervals" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">` +
    `<line x1="${zero}" x2="${zero}" y1="0" y2="${height - 16}" stroke="#999" stroke-dasharray="3 3"/>` +
    `<text x="${zero}" y="${height - 4}" font-size="10" text-anchor="middle">0</text>` +
    `<text x="${scale(-extent)}" y="${height - 4}" font-size="10">${(-extent).toFixed(2)}</text>` +
    `<text x="${scale(extent)}" y="${height - 4}" font-size="10" text-anchor="end">+${extent.toFixed(2)}</text>${lines}</svg>`;
}

export { esc };
