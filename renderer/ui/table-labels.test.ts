// @vitest-environment jsdom
/**
 * Narrow windows stack a table's rows (docs/decisions.md §26): every body cell is named by its own column's
 * header text (spans counted), rows drawn later are named too, and the queue's list (data-columns
 * keep) and a table without a head are left alone.
 */
import { describe, expect, it } from 'vitest';
import { labelTableCells, watchTableCells } from './table-labels.ts';

function html(markup: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = markup;
  document.body.append(root);
  return root;
}

const labels = (root: HTMLElement, selector = 'tbody tr') =>
  [...root.querySelectorAll(selector)].map((tr) => [...(tr as HTMLTableRowElement).cells].map((c) => c.dataset['label'] ?? null));

describe('table cell labels', () => {
  it('names each body cell by its column, counting spans', () => {
    const root = html(`<table>
      <thead><tr><th>Key</th><th colspan="2">Address and <b>label</b><span class="visually-hidden"> TAbc</span></th><th>Weight</th></tr></thead>
      <tbody><tr><th scope="row">A</th><td>T1</td><td>Ana</td><td>1</td></tr>
             <tr><td colspan="3">nothing</td><td>2</td></tr></tbody></table>`);
    labelTableCells(root);
    expect(root.querySelector('table')!.hasAttribute('data-stack')).toBe(true);
    expect(labels(root)).toEqual([
      ['Key', 'Address and label', 'Address and label', 'Weight'],
      [null, 'Weight'],
    ]);
  });

  it('leaves a kept table and a table without a head alone', () => {
    const root = html(`<table data-columns="keep"><thead><tr><th>Kind</th></tr></thead><tbody><tr><td>x</td></tr></tbody></table>
      <table class="plain"><tbody><tr><td>y</td></tr></tbody></table>`);
    labelTableCells(root);
    expect([...root.querySelectorAll('table')].map((t) => t.hasAttribute('data-stack'))).toEqual([false, false]);
    expect(labels(root)).toEqual([[null], [null]]);
  });

  it('names rows drawn later', async () => {
    const root = html(`<table><thead><tr><th>Label</th></tr></thead><tbody></tbody></table>`);
    const stop = watchTableCells(root);
    const row = root.querySelector('tbody')!.insertRow();
    row.insertCell().textContent = 'Bo';
    await new Promise((r) => setTimeout(r, 0));
    expect(labels(root)).toEqual([['Label']]);
    stop();
    root.querySelector('tbody')!.insertRow().insertCell();
    await new Promise((r) => setTimeout(r, 0));
    expect(labels(root)).toEqual([['Label'], [null]]);
  });

  it('walks again only the tables a change touched, and a table a change brings in whole', async () => {
    const root = html(`<table id="a"><thead><tr><th>Kind</th></tr></thead><tbody><tr><td>x</td></tr></tbody></table>
      <table id="b"><thead><tr><th>Left</th></tr></thead><tbody><tr><td>10 s</td></tr></tbody></table><p>status</p>`);
    const stop = watchTableCells(root);
    // A mark only a fresh walk of table a would put right: a's cell carries another column's name.
    root.querySelector<HTMLElement>('#a td')!.dataset['label'] = 'stale';
    root.querySelector('#b td')!.firstChild!.textContent = '9 s';
    root.querySelector('p')!.firstChild!.textContent = 'signed';
    await new Promise((r) => setTimeout(r, 0));
    expect(labels(root, '#a tbody tr')).toEqual([['stale']]);
    const block = document.createElement('section');
    block.innerHTML = `<table><thead><tr><th>Weight</th></tr></thead><tbody><tr><td>2</td></tr></tbody></table>`;
    root.append(block);
    root.querySelector<HTMLTableSectionElement>('#a tbody')!.insertRow().insertCell();
    await new Promise((r) => setTimeout(r, 0));
    expect(labels(root, 'section tbody tr')).toEqual([['Weight']]);
    expect(labels(root, '#a tbody tr')).toEqual([['Kind'], ['Kind']]);
    stop();
  });
});
