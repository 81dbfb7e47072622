/**
 * Tables on a narrow window (docs/decisions.md §26, "at 400 px nothing scrolls sideways or wraps mid-word"): below
 * 48rem app.css draws every table marked `data-stack` as one block per row, each cell under its
 * column's name, instead of columns crushed to a few letters a line. This module marks the tables
 * and gives each body cell its column's name (`data-label`, read from the table's head), and keeps
 * doing so as screens draw new rows, walking again only the tables a change touched.
 *
 * Invariant: a cell's label is always its own column's header text as shown (spans counted; text kept
 * for screen readers only, such as a whole address, left out), so a stacked
 * row never names a value by another column; a table marked `data-columns="keep"` (the queue's
 * virtualised list, which gives way column by column instead) and a table without a head are left
 * as they are. Labels are text content only, never HTML.
 */

/** The text of `el` a sighted reader sees: text inside `.visually-hidden` (a whole address kept for screen readers) left out. */
function shownText(el: Element): string {
  let text = '';
  for (const node of el.childNodes) {
    if (node.nodeType === 3) text += node.textContent ?? '';
    else if (node.nodeType === 1 && !(node as Element).classList.contains('visually-hidden')) text += shownText(node as Element);
  }
  return text;
}

/** Marks every table under `root` for stacking and labels its body cells by column. */
export function labelTableCells(root: ParentNode): void {
  for (const table of root.querySelectorAll('table')) labelTable(table);
}

/** Marks one table for stacking and labels its body cells by its head's column names. */
function labelTable(table: HTMLTableElement): void {
  if (table.dataset['columns'] === 'keep') return;
  const head = table.tHead?.rows[0];
  if (!head) return;
  const names: string[] = [];
  for (const th of head.cells) {
    const name = shownText(th).replace(/\s+/g, ' ').trim();
    for (let i = 0; i < Math.max(1, th.colSpan); i++) names.push(name);
  }
  if (table.dataset['stack'] === undefined) table.dataset['stack'] = '';
  for (const body of table.tBodies) {
    for (const row of body.rows) {
      let column = 0;
      for (const cell of row.cells) {
        const name = cell.colSpan > 1 ? '' : (names[column] ?? '');
        if (name === '') delete cell.dataset['label'];
        else if (cell.dataset['label'] !== name) cell.dataset['label'] = name;
        column += Math.max(1, cell.colSpan);
      }
    }
  }
}

/**
 * The tables a batch of changes touched: the table each change happened in (a row drawn, a header's
 * text changed) and every table a change brought in whole. A countdown ticking in one table, or a
 * status word changing outside any, relabels nothing else: a screen with a long table is not walked
 * again on every tick.
 */
function touchedTables(records: MutationRecord[]): Set<HTMLTableElement> {
  const tables = new Set<HTMLTableElement>();
  for (const record of records) {
    const at = record.target.nodeType === 1 ? (record.target as Element) : record.target.parentElement;
    const inside = at?.closest('table');
    if (inside) tables.add(inside);
    for (const node of record.addedNodes) {
      if (node.nodeType !== 1) continue;
      const el = node as Element;
      if (el instanceof HTMLTableElement) tables.add(el);
      for (const t of el.querySelectorAll('table')) tables.add(t);
    }
  }
  return tables;
}

/** Labels the tables under `root` now and, as its content changes, the tables each change touched; returns the stop. */
export function watchTableCells(root: HTMLElement): () => void {
  labelTableCells(root);
  // Setting data-label changes attributes only, which this observer does not watch: no loop.
  const observer = new MutationObserver((records) => {
    for (const table of touchedTables(records)) labelTable(table);
  });
  observer.observe(root, { childList: true, subtree: true, characterData: true });
  return () => observer.disconnect();
}
