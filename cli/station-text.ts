/**
 * How the station commands print their answers as short plain text (the `--json` flag prints the
 * station's JSON view instead, the object the desktop window receives for the same call): a
 * transaction (read from the API's shape), an account, a token, the queue. Every stored text goes
 * through `plain` (shared/base/escape.ts), so a label or note can never move the cursor, change
 * colours or hide characters on the terminal; a text the shared view already escaped goes through
 * `viewText`, which escapes what is left unsafe without doubling its backslashes.
 */
import { escapeText, replaceUnsafe } from '../shared/base/escape.ts';
import { groupOperations } from '../shared/chain/operation-catalogue.ts';
import type { StationAccountView } from '../station/core/views.ts';
import type { QueueEntry, StationTransaction } from '../shared/api/station-api.ts';
import { timeLeft } from '../station/core/records.ts';
import type { TokenView } from '../station/core/token-details.ts';
import type { Provenance } from '../shared/api/provenance-schema.ts';
import type { PermissionCheckResult } from '../shared/api/permission-check-schemas.ts';
import type { SignerView } from '../shared/api/signer-view-schema.ts';

/** Rows of `label  value`, aligned. */
export function table(rows: [string, string][]): string {
  const w = Math.max(...rows.map(([k]) => k.length));
  return rows.map(([k, v]) => `${k.padEnd(w)}  ${v}`).join('\n');
}

/** Stored text (notes, labels, names) as people may safely see it on a terminal (shared/base/escape.ts). */
export const plain = escapeText;

/**
 * Text the shared view has already escaped (shared/views/view.ts: a transaction's summary, fields
 * and warnings; a permission update's check): its unsafe characters escaped again should any be
 * left, but its backslashes kept, so a real U+202E reads `\u{202E}` as on the screen and not
 * `\\u{202E}`, which is how a typed backslash reads.
 */
export const viewText = (text: string): string => replaceUnsafe(text, escapeText);

/** A provenance in words: `claimed by file f.json (unverified), 3 d old  [STALE]`. */
export function provenanceText(p: Provenance): string {
  return `${plain(p.text)}${p.age !== null ? `, ${p.age} old` : ''}${p.stale ? '  [STALE: fetch it again]' : ''}`;
}

const shownAddress = (a: { hex: string; base58: string | null }): string => a.base58 ?? a.hex;

export function txText(v: StationTransaction): string {
  const a = v.approval;
  const d = v.view;
  // Without a known permission the signers are those the signatures recover to, their weight unknown.
  const signedBy =
    a === null
      ? d.signatures.flatMap((s) => (s.signer === null ? [] : [`${shownAddress(s.signer)} (?)`]))
      : v.signers.filter((s) => s.signed).map((s) => `${shownAddress(s.address)} (${s.weight})`);
  const rows: [string, string][] = [
    ['txID', d.txID],
    ['kind', d.kind],
    ['account', `${shownAddress(d.owner)} (permission ${d.permissionId})`],
    ['status', v.status],
    ['time left', timeLeft(v.expiresInMs)],
    [
      'weight',
      a === null || a.threshold === null
        ? `unknown (${d.signatures.length} signature(s); permission not known here)`
        : `${a.weight} of ${a.threshold}${a.missing === '0' ? ' (enough)' : `, ${a.missing} missing`}`,
    ],
    ['signed by', signedBy.join(', ') || 'nobody yet'],
    [
      'could sign',
      v.signers
        .filter((s) => !s.signed)
        .map((s) => `${shownAddress(s.address)} (${s.weight}${s.local ? ', key here' : ''})`)
        .join(', ') || '-',
    ],
  ];
  // docs/decisions.md §16: which source the weights and the amount rest on; a file's word is marked unverified.
  rows.push(['permission', provenanceText(v.provenance.permission)]);
  if (v.provenance.token) rows.push(['token', provenanceText(v.provenance.token)]);
  for (const c of v.provenance.conflicts) rows.push(['CONFLICT', plain(c)]);
  if (v.note) rows.push(['note', plain(v.note)]);
  if (v.nodeAnswer) rows.push(['node said', plain(v.nodeAnswer)]);
  if (v.chain) rows.push(['on chain', plain(v.chain.text)]);
  rows.push(['next step', plain(v.signer.nextStep)]);
  return [table(rows), ...signerLines(v)].join('\n');
}

/**
 * What the transaction does, as the signer's screen shows it (docs/decisions.md §18 "a second signer sees
 * everything the first saw"): the sentence, the field table and the warnings decoded from the
 * bytes, then a permission update's check or a token issue in words, recomputed on this station.
 */
function signerLines(v: StationTransaction): string[] {
  const d = v.view;
  const lines = ['', `What it does: ${viewText(d.summary)}`, ...d.fields.map((f) => `  ${viewText(f.name)}: ${viewText(f.value)}`)];
  for (const w of d.warnings) lines.push(`WARNING${w.needsOverride ? ' (signing needs --accept-risk ' + w.risk + ')' : ''}: ${viewText(w.text)}`);
  lines.push(...signerPanelLines(v.signer));
  return lines;
}

function signerPanelLines(s: SignerView): string[] {
  const lines: string[] = [];
  if (s.permissionUpdate) {
    lines.push('', `Checked on this station against the permissions ${provenanceText(s.permissionUpdate.against)}:`);
    const named = new Map(s.permissionUpdate.labels.map((l) => [l.address, l.label]));
    const labelled = [...named].map(([address, label]) => `  ${address} is ${plain(label)}`);
    lines.push(
      ...permissionCheckLines(s.permissionUpdate.check).map((l) => `  ${l}`),
      ...(labelled.length ? ['  Labels:', ...labelled.map((l) => `  ${l}`)] : []),
    );
  }
  if (s.tokenIssue) {
    const t = s.tokenIssue;
    lines.push('', 'The token issue in words:', `  Price: ${plain(t.price)}`, `  Sale: ${plain(t.window.text)}`);
    lines.push(`  Frozen supply: ${t.frozen.length ? t.frozen.map((f) => plain(f.text)).join('; ') : 'none'}`, `  Limits: ${plain(t.limits.text)}`);
  }
  return lines;
}

/** A permission update's check (the lockout guard, the diff, the fee) as lines: `permission-check` prints them, and `status` for an update. */
export function permissionCheckLines(r: PermissionCheckResult): string[] {
  return [
    ...r.issues.map((i) => `${i.field}: ${i.message}`),
    ...(r.diff.changed ? r.diff.lines : ['No change to the current permissions.']),
    ...(r.lockout ? [`Lockout guard: ${r.lockout.verdict}.`, ...r.lockout.reasons, ...r.lockout.warnings.map((w) => `Warning: ${w}`)] : []),
    `Fee: ${r.fee.text}.`,
  ].map(viewText);
}

export function accountText(a: StationAccountView): string {
  const lines = [
    table([
      ['account', `${a.address}${a.label !== null ? `  ${plain(a.label)}` : ''}`],
      ['balance', `${a.balance} sun`],
      ['tokens', a.tokens.map((t) => `${t.id}: ${t.balance}`).join(', ') || '-'],
      ['source', provenanceText(a.provenance)],
    ]),
  ];
  for (const p of a.permissions) {
    lines.push(`\n${p.slot} permission ${p.id} "${viewText(p.name)}": threshold ${p.threshold}`);
    for (const k of p.keys) lines.push(`  ${k.address.base58 ?? k.address.hex}  weight ${k.weight}${k.label !== null ? `  ${plain(k.label)}` : ''}`);
    if (p.operations) {
      // docs/decisions.md §26: by group, in plain words; java-tron's names are in --json and `airlock ops decode`.
      const groups = groupOperations(p.operations.names);
      lines.push(`  operations: ${groups.length === 0 ? 'none' : `${p.operations.names.length}`}`);
      for (const g of groups) lines.push(`    ${g.group}: ${g.operations.map((o) => o.name).join(', ')}`);
      if (p.operations.unknown.length > 0) lines.push(`    not a contract type of this chain: bits ${p.operations.unknown.join(', ')}`);
    }
  }
  return lines.join('\n');
}

/** A token's view in a few lines; its texts come escaped from the station (token-details.ts). */
export function tokenText(t: TokenView): string {
  const sale = t.sale;
  return table([
    ['token', `${t.id} ${t.name}${t.abbreviation ? ` (${t.abbreviation})` : ''}${t.hiddenCharacters ? '  [hidden characters escaped]' : ''}`],
    ['precision', String(t.precision)],
    ['total supply', `${t.totalSupplyTokens} (${t.totalSupply} smallest units)`],
    ['issuer', t.owner],
    ['price', sale ? `${sale.coinNum} sun buy ${sale.num} smallest units` : 'not known'],
    ['sale', sale ? `${new Date(sale.startTime).toISOString()} to ${new Date(sale.endTime).toISOString()} (${sale.state})` : 'not known'],
    ['cded supply', sale?.cdedSupply ? sale.cdedSupply.map((c) => `${c.amount} for ${c.days} days`).join(', ') || '-' : 'not known'],
    ['free bandwidth', sale?.freeAssetNetLimit != null ? `${sale.freeAssetNetLimit} per holder, ${sale.publicFreeAssetNetLimit ?? '0'} in total` : 'not known'],
    ['url', t.url],
    ['source', provenanceText(t.provenance)],
  ]);
}

/** A page of the queue (the station's `list`) as a table at `now`, and how many rows it left out. */
export function listText(page: { total: number; entries: QueueEntry[] }, now: number): string {
  if (page.total === 0) return 'No transactions.';
  const head: string[] = ['TXID', 'KIND', 'STATUS', 'WEIGHT', 'TIME LEFT', 'NOTE'];
  const body = page.entries.map((r) => [
    r.txId.slice(0, 16),
    r.kind.replace(/Contract$/, ''),
    r.status,
    r.threshold === null ? `${r.signatureCount} sig` : `${r.weight}/${r.threshold}`,
    timeLeft(r.expiration - now),
    plain(r.note).slice(0, 40),
  ]);
  const cut = page.entries.length < page.total ? [`${page.entries.length} of ${page.total} shown (--offset and --limit show others).`] : [];
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  return [head, ...body]
    .map((cells) =>
      cells
        .map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!)))
        .join('  ')
        .trimEnd(),
    )
    .concat(cut)
    .join('\n');
}
