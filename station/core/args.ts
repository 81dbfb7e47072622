/**
 * The station's argument readers: every service checks each argument here, by field name, before
 * it reads or writes anything (DESIGN: "every field is checked BEFORE anything is stored"). They
 * wrap the shared input checks (shared/chain/input.ts) with the station's defaults, so a field is
 * refused the same way whichever feature reads it.
 *
 * Invariant: a refusal is a coded AirlockError naming the field; a refused txID or text is never
 * quoted whole (64 hex digits may be a private key pasted by mistake).
 */
import type { Message } from '@bufbuild/protobuf';
import { addressTextInput, int64Input, kindOf, rejectField, tokenIdInput } from '../../shared/chain/input.ts';
import { checkPermissionId } from '../../shared/chain/permission-id.ts';
import { hexToBytes } from '../../shared/base/bytes.ts';
import { fail, shownFileName } from '../../shared/base/errors.ts';
import { messageFromNodeJson } from '../../shared/chain/node-json.ts';
import { translateJson } from '../../shared/chain/dialect.ts';

/** Largest text the station takes as a handoff, snapshot or proof file (the formats' own limits are lower). */
export const MAX_INPUT_FILE_BYTES = 16 * 1024 * 1024;

export function textArg(value: unknown, field: string, max = 2_000): string {
  if (typeof value !== 'string') rejectField(field, `must be text, got ${kindOf(value)}`);
  if (value.length > max) rejectField(field, `longer than ${max} characters`);
  return value;
}

/** An address typed or carried as text (shared/chain/input.ts addressTextInput: a pasted private key is named as such). */
export const addressArg = addressTextInput;

/** An amount in smallest units: shared/chain/input.ts int64Input, at least 1. */
export function amountArg(value: unknown, field: string): bigint {
  return int64Input(value, field, { min: 1n });
}

export function tokenIdArg(value: unknown, field: string): string {
  return tokenIdInput(value, field);
}

export function txIdArg(value: unknown, field = 'txid'): Uint8Array {
  if (typeof value !== 'string' || !/^[0-9a-fA-F]{64}$/.test(value)) fail('INVALID_INPUT', `${field}: expected a txID (64 hex digits)`, { field });
  return hexToBytes(value);
}

export function permissionIdArg(value: unknown, field = 'permission-id'): number {
  if (value === undefined) return 0;
  const n = typeof value === 'string' && /^[0-9]{1,10}$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0 || n > 2 ** 31 - 1)
    fail('INVALID_INPUT', `${field}: expected a whole number (0 owner, 2 and up active)`, { field });
  return checkPermissionId(n, field);
}

/**
 * A file's name as the station shows and stores it: the last path segment (either separator), or
 * `file` when that is empty or a dot name, and described instead of quoted when it may hold a key
 * (shownFileName). The station never opens it: files come in and go out as text.
 */
export function fileNameArg(value: unknown, field: string): string {
  return shownFileName(baseName(textArg(value, field, 4096)));
}

/** A file's own name, never a path: the last segment, or `file` when that is empty or a dot name. */
export function baseName(name: string): string {
  const last = name.split(/[/\\]/).pop() ?? '';
  return last === '' || last === '.' || last === '..' ? 'file' : last;
}

/** A file's text, bounded by `max` characters. */
export function fileTextArg(value: unknown, field: string, max = MAX_INPUT_FILE_BYTES): string {
  return textArg(value, field, max);
}

/**
 * A contract as the node's JSON object (hex addresses, or Base58 with `"visible": true`), in the
 * spec's names or the reference node's (`frozen_supply`, `trx_num`, `witness`; issue 17), read by
 * shared/chain/dialect.ts: a file may use either name for each field, and one field given under
 * both names (`cded_supply` and `frozen_supply`) is refused naming both, never merged.
 */
export function contractFromJson<T extends Message>(schema: Parameters<typeof messageFromNodeJson>[0], json: unknown, field: string): T {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) fail('BAD_JSON', `${field}: expected the node's ${schema.name} JSON object`, { field });
  const { visible, ...rest } = json as Record<string, unknown>;
  if (visible !== undefined && typeof visible !== 'boolean') fail('BAD_JSON', `${field}.visible: expected true or false`, { field: `${field}.visible` });
  return messageFromNodeJson<T>(schema, translateJson(schema, rest, 'spec', field), { visible: visible === true, path: field });
}
