/**
 * The HTML report's own script (runs in the browser; no network): sorts the item table by a
 * clicked column, and opens an item: its summary with each finding highlighted at its exact
 * character span (built from text nodes, never from markup in the data), and its evidence.
 */
export const REPORT_SCRIPT = String.raw`
(() => {
  const data = JSON.parse(document.getElementById('sumlens-items').textContent);
  const table = document.getElementById('items');
  const body = table.tBodies[0];
  let sorted = { column: -1, ascending: true };
  table.tHead.addEventListener('click', (event) => {
    const th = event.target.closest('th');
    if (!th) return;
    const column = th.cellIndex;
    const ascending = sorted.column === column ? !sorted.ascending : true;
    sorted = { column, ascending };
    const numeric = th.dataset.type === 'number';
    const rows = Array.from(body.rows);
    rows.sort((a, b) => {
      const x = a.cells[column].dataset.value ?? a.cells[column].textContent;
      const y = b.cells[column].dataset.value ?? b.cells[column].textContent;
      const order = numeric ? (Number(x === '' ? Infinity : x) - Number(y === '' ? Infinity : y)) : x.localeCompare(y);
      return ascending ? order : -order;
    });
    rows.forEach((row) => body.appendChild(row));
    table.querySelectorAll('th').forEach((h) => h.removeAttribute('aria-sort'));
    th.setAttribute('aria-sort', ascending ? 'ascending' : 'descending');
  });
  const panel = document.getElementById('item');
  const el = (tag, text, cls) => {
    const node = document.createElement(tag);
    if (text !== undefined) node.textContent = text;
    if (cls) node.className = cls;
    return node;
  };
  function highlighted(text, findings) {
    const pre = el('div', undefined, 'text');
    const spans = findings.filter((f) => f.located !== false && f.end > f.start).sort((a, b) => a.start - b.start);
    let at = 0;
    for (const f of spans) {
      if (f.start < at) continue; // overlapping findings: the first one is marked
      pre.appendChild(document.createTextNode(text.slice(at, f.start)));
      const mark = el('mark', text.slice(f.start, f.end), 'finding ' + f.kind);
      mark.dataset.start = String(f.start);
      mark.dataset.end = String(f.end);
      mark.title = f.kind + ': ' + f.message;
      pre.appendChild(mark);
      at = f.end;
    }
    pre.appendChild(document.createTextNode(text.slice(at)));
    return pre;
  }
  function open(index) {
    const item = data[Number(index)];
    panel.replaceChildren();
    panel.appendChild(el('h3', 'Item ' + item.id + (item.system ? ' · system ' + item.system : '') + ' · run ' + item.run));
    if (item.summary === undefined) panel.appendChild(el('p', 'This run file does not hold the item texts.'));
    else panel.appendChild(highlighted(item.summary, item.findings.filter((f) => f.note === 'target')));
    const list = el('ul');
    for (const f of item.findings) {
      const li = el('li', f.kind + ' (' + f.note + ' ' + f.start + '–' + f.end + '): ' + f.message);
      for (const e of f.evidence ?? []) if (e.text !== undefined) li.appendChild(el('blockquote', e.text, 'evidence'));
      list.appendChild(li);
    }
    panel.appendChild(el('h4', item.findings.length + ' finding(s)'));
    panel.appendChild(list);
    panel.hidden = false;
    panel.scrollIntoView({ block: 'nearest' });
  }
  body.addEventListener('click', (event) => {
    const row = event.target.closest('tr');
    if (row) open(row.dataset.item);
  });
})();
`;
