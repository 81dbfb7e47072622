/**
 * The address book over a real station (docs/decisions.md §10 "Address book"; station/address-book/address-book.ts):
 * a real SQLite store and keystore vault, offline from a chain snapshot, called through `dispatch`
 * and the handlers as IPC and the bridge call it, and through the `airlock book` command line.
 *
 * Rules checked: set, list (by label) and delete, each audited; labels reach every view that shows
 * an address (account keys, queue entries, a transaction's signers and the addresses it names, a
 * build's result), a key's own label before the book's; a deleted label is gone from them; a
 * recipient that imitates a labelled address is flagged with both; and hostile labels (bidi,
 * controls, zero-width, too long, empty, a private key) are refused naming the field, quoting
 * nothing, with nothing stored, while `__proto__` is just text and 10,000 entries list whole.
 */
import { create } from '@bufbuild/protobuf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PermissionSchema, PermissionType } from '../../shared/gen/protocol/core_pb.ts';
import { addressToBase58, addressToHex } from '../../shared/chain/address.ts';
import { bytesToHex } from '../../shared/base/bytes.ts';
import { dispatch, type ApiResult } from '../../shared/api/api-contract.ts';
import { addressOfPrivateKey, generatePrivateKey } from '../../shared/chain/keys.ts';
import { defaultActiveOperations } from '../../shared/chain/operations.ts';
import { defaultOwnerPermission } from '../../shared/contracts/permission/rules.ts';
import { permissionsToJson } from '../../shared/files/snapshot.ts';
import { STATION_API, type BookEntry, type QueueEntry, type StationTransaction } from '../../shared/api/station-api.ts';
import { createStationHandlers } from '../../electron/shell/station-handlers.ts';
import type { Station } from '../../station/station.ts';
import { LOOKALIKE_PAIRS } from '../fixtures/lookalike-pairs.ts';
import { offlineApiStation, testStation, workDir } from '../helpers/station-helpers.ts';

const T = 1_800_000_000_000;
const keys = Array.from({ length: 3 }, () => generatePrivateKey());
const signers = keys.map((k) => addressOfPrivateKey(k));
const S = signers.map((a) => addressToBase58(a));
const owner = addressOfPrivateKey(generatePrivateKey());
const OWNER = addressToBase58(owner);
const KNOWN = addressToBase58(LOOKALIKE_PAIRS[0]!.known);
const FAKE = addressToBase58(LOOKALIKE_PAIRS[0]!.fake);
const permission = create(PermissionSchema, {
  type: PermissionType.Active,
  id: 2,
  permissionName: 'pair',
  threshold: 2n,
  operations: defaultActiveOperations(),
  keys: signers.map((address) => ({ address, weight: 1n })),
});
let work: { dir: string; remove: () => void };
let station: Station;
let handlers: ReturnType<typeof createStationHandlers>;
/** The transfer built to the look-alike recipient. */
let txId: string;

async function call(method: string, args?: unknown): Promise<ApiResult<unknown>> {
  return dispatch(STATION_API, handlers, method, args, { onInternalError: (m, cause) => console.error(m, cause) });
}
async function ok<T = Record<string, unknown>>(method: string, args?: unknown): Promise<T> {
  const answer = await call(method, args);
  if (!answer.ok) throw new Error(`${method}: ${answer.error.code} ${answer.error.message}`);
  return answer.value as T;
}
const auditActions = (): string[] => station.store.listAudit({ limit: 100_000 }).map((e) => e.action);
const bookRows = (): number => station.store.listLabels().length;

beforeAll(async () => {
  work = workDir('airlock-book-');
  let snapshot: string;
  ({ station, handlers, snapshot } = offlineApiStation(work.dir, T, OWNER, permissionsToJson({ owner: defaultOwnerPermission(owner), actives: [permission] })));
  await ok('snapshotImport', { fileName: 'snap.json', text: snapshot });
  await ok('keysImport', { privateKeyHex: bytesToHex(keys[0]!), label: 'Ana laptop' });
}, 60_000);

afterAll(() => {
  station?.close();
  work?.remove();
});

describe('the address book', () => {
  it('sets, lists by label and deletes, each with an audit entry', async () => {
    const before = auditActions().length;
    await ok('bookSet', { address: S[2], label: 'Cy phone' });
    // Hex is read as the same address; the label is trimmed.
    const set = await ok<BookEntry>('bookSet', { address: addressToHex(signers[1]!), label: '  Bo desktop ' });
    expect(set).toMatchObject({ address: S[1], hex: addressToHex(signers[1]!), label: 'Bo desktop', updatedAt: T });
    const list = await ok<{ entries: BookEntry[] }>('bookList');
    expect(list.entries.map((e) => [e.label, e.address])).toEqual([
      ['Bo desktop', S[1]],
      ['Cy phone', S[2]],
    ]);
    await ok('bookSet', { address: S[2], label: 'Cy tablet' });
    expect((await ok<{ entries: BookEntry[] }>('bookList')).entries.map((e) => e.label)).toEqual(['Bo desktop', 'Cy tablet']);
    expect(auditActions().slice(before)).toEqual(['label.set', 'label.set', 'label.set']);

    await ok('bookSet', { address: OWNER, label: 'Treasury' });
    await ok('bookSet', { address: KNOWN, label: 'Landlord' });
    expect(await ok('bookDelete', { address: OWNER })).toEqual({ address: OWNER, deleted: true });
    expect(auditActions().at(-1)).toBe('label.delete');
    const again = await call('bookDelete', { address: OWNER });
    expect(again.ok || again.error).toMatchObject({ code: 'NOT_FOUND', details: { field: 'address' } });
    await ok('bookSet', { address: OWNER, label: 'Treasury' });
  });

  it("shows labels on the account's keys, a key's own label before the book's", async () => {
    await ok('bookSet', { address: S[0], label: 'not shown: the key has its own' });
    const account = await ok<{ label: string | null; permissions: { slot: string; keys: { address: { base58: string }; label: string | null }[] }[] }>(
      'accountShow',
      { address: OWNER },
    );
    expect(account.label).toBe('Treasury');
    const active = account.permissions.find((p) => p.slot === 'active')!;
    expect(active.keys.map((k) => k.label)).toEqual(['Ana laptop', 'Bo desktop', 'Cy tablet']);
    await ok('bookDelete', { address: S[0] });
  });

  it('labels a build, the queue and status, and flags a recipient that imitates a labelled address', async () => {
    const built = await ok<{ txId: string; transaction: StationTransaction; warnings: string[] }>('buildTransfer', {
      from: OWNER,
      to: FAKE,
      amount: '1000000',
      permissionId: 2,
    });
    txId = built.txId;
    const t = built.transaction;
    expect(t.signers.map((s) => s.label)).toEqual(['Ana laptop', 'Bo desktop', 'Cy tablet']);
    expect(t.labels).toEqual(
      expect.arrayContaining([
        { address: OWNER, label: 'Treasury' },
        { address: S[1], label: 'Bo desktop' },
      ]),
    );
    expect(t.labels.some((l) => l.address === FAKE)).toBe(false);
    expect(t.lookalikes).toEqual([{ address: FAKE, imitates: KNOWN, label: 'Landlord' }]);
    expect(built.warnings).toContain(
      `look-alike address: ${FAKE} is not in the address book but starts and ends like ${KNOWN} ("Landlord"); check every character`,
    );

    const queue = await ok<{ entries: QueueEntry[] }>('list', {});
    const entry = queue.entries.find((e) => e.txId === txId)!;
    expect(entry.accountLabel).toBe('Treasury');
    expect(entry.canStillSign.map((k) => [k.label, k.local])).toEqual([
      ['Ana laptop', true],
      ['Bo desktop', false],
      ['Cy tablet', false],
    ]);

    // Once the person labels the recipient too, it is known: no warning, and its label shows.
    await ok('bookSet', { address: FAKE, label: 'Landlord (new account)' });
    const status = await ok<StationTransaction>('status', { txId });
    expect(status.lookalikes).toEqual([]);
    expect(status.labels).toContainEqual({ address: FAKE, label: 'Landlord (new account)' });
    await ok('bookDelete', { address: FAKE });
  });

  it('forgets a deleted label in every view', async () => {
    await ok('bookDelete', { address: S[1] });
    const status = await ok<StationTransaction>('status', { txId });
    expect(status.signers.map((s) => s.label)).toEqual(['Ana laptop', null, 'Cy tablet']);
    expect(status.labels.some((l) => l.address === S[1])).toBe(false);
    const queue = await ok<{ entries: QueueEntry[] }>('list', {});
    expect(queue.entries[0]!.canStillSign.map((k) => k.label)).toEqual(['Ana laptop', null, 'Cy tablet']);
    expect(station.labelOf(S[1]!)).toBeNull();
    await ok('bookSet', { address: S[1], label: 'Bo desktop' });
  });
});

describe('hostile labels', () => {
  const secretHex = bytesToHex(keys[1]!);
  const refused: [string, string][] = [
    ['a bidi override', 'Bob \u202Eevil'],
    ['an isolate', 'Bob \u2067x\u2069'],
    ['a zero-width space', 'Bo\u200Bb'],
    ['a newline', 'Bob\nAlice'],
    ['a NUL', 'Bob\u0000'],
    ['a lone surrogate', 'Bob \uD800'],
    ['65 characters', 'x'.repeat(65)],
    ['only spaces', '   '],
    ['a private key', secretHex],
    ['a private key with 0x', `0x${secretHex}`],
    ['a private key in capitals with spaces around', `  ${secretHex.toUpperCase()} `],
  ];
  it.each(refused)('refuses %s, naming the field, quoting nothing, storing nothing', async (_what, label) => {
    const rows = bookRows();
    const audit = auditActions().length;
    const answer = await call('bookSet', { address: S[2], label });
    expect(answer.ok).toBe(false);
    if (answer.ok) return;
    expect(answer.error).toMatchObject({ code: 'INVALID_INPUT', details: { field: 'label' } });
    const said = JSON.stringify(answer.error);
    if (label.trim() !== '') expect(said).not.toContain(label.trim());
    expect(said.toLowerCase()).not.toContain(secretHex.slice(0, 16));
    expect(bookRows()).toBe(rows);
    expect(auditActions().length).toBe(audit);
    expect(station.labelOf(S[2]!)).toBe('Cy tablet');
  });

  it('says that a private key pasted as a label looks like one', async () => {
    const answer = await call('bookSet', { address: S[2], label: secretHex });
    expect(!answer.ok && answer.error.message).toMatch(/^label: this looks like a private key/);
  });

  it('refuses a private key pasted as the address, without quoting it', async () => {
    const answer = await call('bookSet', { address: secretHex, label: 'x' });
    expect(!answer.ok && answer.error).toMatchObject({ code: 'BAD_ADDRESS', details: { field: 'address' } });
    expect(JSON.stringify(answer)).not.toContain(secretHex.slice(0, 16));
  });

  it('keeps 64 characters, emoji and __proto__ as plain text', async () => {
    await ok('bookSet', { address: OWNER, label: '__proto__' });
    expect(station.labelOf(OWNER)).toBe('__proto__');
    expect(station.labelOf(KNOWN)).toBe('Landlord');
    expect(({} as Record<string, unknown>).__proto__).toBe(Object.prototype);
    const long = `${'é'.repeat(60)}🙂ab`;
    expect(long.length).toBe(64);
    await ok('bookSet', { address: OWNER, label: long });
    expect(station.labelOf(OWNER)).toBe(long);
    await ok('bookSet', { address: OWNER, label: 'Treasury' });
  });

  it('lists 10,000 entries whole and still resolves each label', async () => {
    const many = Array.from({ length: 10_000 }, (_, i) => {
      const a = new Uint8Array(21);
      a[0] = 0x41;
      new DataView(a.buffer).setUint32(17, i + 1);
      return { address: addressToBase58(a), label: `entry ${String(i).padStart(5, '0')}` };
    });
    station.store.atomic(() => {
      for (const m of many) station.bookSet(m);
    });
    const list = await ok<{ entries: BookEntry[] }>('bookList');
    expect(list.entries.length).toBe(bookRows());
    expect(list.entries.length).toBeGreaterThanOrEqual(10_000);
    const byAddress = new Map(list.entries.map((e) => [e.address, e.label]));
    expect(many.every((m) => byAddress.get(m.address) === m.label)).toBe(true);
    const status = await ok<StationTransaction>('status', { txId });
    expect(status.signers.map((s) => s.label)).toEqual(['Ana laptop', 'Bo desktop', 'Cy tablet']);
    expect(status.lookalikes).toEqual([{ address: FAKE, imitates: KNOWN, label: 'Landlord' }]);
  });
});

describe('airlock book', () => {
  it('sets, lists and deletes from the command line, refusing a bad label by field', async () => {
    const w = workDir('airlock-book-cli-');
    try {
      const cli = testStation(w.dir, 'st', { now: () => T });
      const set = await cli.ok(['book', 'set', KNOWN, 'Landlord']);
      expect(set).toMatchObject({ address: KNOWN, label: 'Landlord' });
      const text = await cli.run(['book', 'list']);
      expect(text.code).toBe(0);
      expect(text.stdout).toContain(KNOWN);
      expect(text.stdout).toContain('Landlord');
      expect(await cli.ok(['book', 'list'])).toEqual([expect.objectContaining({ address: KNOWN, label: 'Landlord' })]);
      const bad = await cli.run(['book', 'set', KNOWN, 'Land\u202Elord']);
      expect(bad.code).toBe(1);
      expect(JSON.parse(bad.stderr)).toMatchObject({ error: { code: 'INVALID_INPUT', details: { field: 'label' } } });
      expect(await cli.ok(['book', 'delete', KNOWN])).toEqual({ address: KNOWN, deleted: true });
      expect((await cli.run(['book', 'list'])).stdout).toMatch(/address book is empty/);
      const missing = await cli.run(['book', 'delete', KNOWN]);
      expect(JSON.parse(missing.stderr)).toMatchObject({ error: { code: 'NOT_FOUND', details: { field: 'address' } } });
    } finally {
      w.remove();
    }
  });
});
