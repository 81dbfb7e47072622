/**
 * What every table module of the station store shares (docs/decisions.md §15: the store split by table): the
 * context store.ts hands each one (the open connection, `atomic`, the clock and the audit append)
 * and the conversions between SQLite rows and the plain values the store hands out.
 *
 * Invariants: a table module writes only inside `atomic` and appends its audit entry through
 * `audit` in that same transaction, so a write and its entry land together or not at all; values
 * leave the store as plain data (Uint8Array, never a Buffer; numbers and strings, never bigint).
 */
import type Database from 'better-sqlite3';
import { bytesToHex, hexToBytes } from '../../shared/base/bytes.ts';
import type { AuditEntry, AuditVerification } from './audit.ts';
import type { JsonValue, Source } from './row-checks.ts';

/** The store's core as a table module sees it; built once per open store by store.ts. */
export interface StoreContext {
  readonly db: Database.Database;
  /** One SQLite transaction (a savepoint when nested): every write in it lands, or none does. */
  atomic<T>(fn: () => T): T;
  /** The injected clock, checked to be a time in ms. */
  now(): number;
  /** Appends one chained audit entry; the caller is inside `atomic`. */
  audit(at: number, action: string, subject: string, detailsText: string): AuditEntry;
  /** Verifies the keyed chain against the anchor the vault keeps (audit.ts). */
  verifyAudit(): AuditVerification;
}

/** better-sqlite3 hands out Buffers; the station speaks Uint8Array (equal views, no copy). */
export function u8(b: Uint8Array): Uint8Array {
  return new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
}

/** A source as plain JSON (the block id in hex), as stored and as written into audit details. */
export function sourceToJson(source: Source): { [key: string]: JsonValue } {
  if (source.kind === 'file') return { kind: 'file', file: source.file };
  if (source.kind === 'exporter') {
    const { kind, file, fingerprint, label, url, blockNumber, at } = source;
    return { kind, file, fingerprint, label, url, ...(blockNumber !== undefined && { blockNumber }), at };
  }
  return {
    kind: 'node',
    url: source.url,
    ...(source.blockNumber !== undefined && { blockNumber: source.blockNumber }),
    ...(source.blockId !== undefined && { blockId: bytesToHex(source.blockId) }),
  };
}

export function sourceToText(source: Source): string {
  return JSON.stringify(sourceToJson(source));
}

export function sourceFromText(text: string): Source {
  const v = JSON.parse(text) as {
    kind: string;
    url: string;
    file: string;
    blockNumber?: number;
    blockId?: string;
    fingerprint: string;
    label: string;
    at: number;
  };
  if (v.kind === 'file') return { kind: 'file', file: v.file };
  if (v.kind === 'exporter') {
    const out: Source = { kind: 'exporter', file: v.file, fingerprint: v.fingerprint, label: v.label, url: v.url, at: v.at };
    if (v.blockNumber !== undefined) out.blockNumber = v.blockNumber;
    return out;
  }
  const out: Source = { kind: 'node', url: v.url };
  if (v.blockNumber !== undefined) out.blockNumber = v.blockNumber;
  if (v.blockId !== undefined) out.blockId = hexToBytes(v.blockId);
  return out;
}
