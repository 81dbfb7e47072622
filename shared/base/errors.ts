/**
 * The closed list of error codes Airlock uses at every boundary (DESIGN.md decision 10), and the
 * one error class that carries them. Anything that crosses IPC, the loopback bridge, the CLI or the
 * devnet's HTTP surface is turned into `{code, message, details}` by `toErrorData`, so a caller
 * never has to parse a message to know what went wrong.
 *
 * Messages that mirror the reference node (PROTOCOL.md) are kept word for word, typos included,
 * because clients match on them; `details.field` then says where in the input the problem is.
 */
import { escapeJsonText } from './escape.ts';
import { hasHexRun } from './secrets.ts';
import { EXCERPT_LENGTH, EXCERPT_WHOLE_MAX, FILE_NAME_HEX_RUN, QUOTABLE_HEX_RUN, SHOWN_ARG_MAX } from './limits.ts';

export const ERROR_CODES = [
  /** The wrong kind of value (a number where a string belongs, a missing argument). */
  'INVALID_INPUT',
  /** Text that should be hex is not, or has the wrong length. */
  'BAD_HEX',
  /** JSON that does not parse, or parses to the wrong shape. */
  'BAD_JSON',
  /** An address with a bad length, prefix, alphabet or checksum. */
  'BAD_ADDRESS',
  /** A private key that is not a valid secp256k1 scalar. */
  'BAD_KEY',
  /** A signature shorter than 65 bytes (the node's SIGNATURE_FORMAT_ERROR). */
  'SIGNATURE_FORMAT',
  /** A signature whose signer cannot be recovered (the node's COMPUTE_ADDRESS_ERROR). */
  'COMPUTE_ADDRESS',
  /** Signer or permission problems: not in the permission, signed twice, denied, missing. */
  'PERMISSION',
  /** Transaction bytes that carry fields we do not know, or that are not canonically encoded. */
  'UNKNOWN_FIELD',
  'NON_CANONICAL',
  /** A contract type Airlock cannot decode and show, so it will not build or sign it. */
  'UNSUPPORTED_CONTRACT',
  /** A transaction that is malformed as a whole (no contract, txID or raw_data mismatch). */
  'BAD_TRANSACTION',
  /** A contract that breaks one of the reference node's validation rules (PROTOCOL.md §5, §6). */
  'CONTRACT_VALIDATE',
  /** A contract that validated but could not be executed (devnet: balance, overflow). */
  'CONTRACT_EXECUTE',
  /** Something that should exist does not (account, token, transaction, draft). */
  'NOT_FOUND',
  /** Something with the same identity is already stored and differs (a transaction, a key); nothing was overwritten. */
  'CONFLICT',
  /** The station's database was written by a newer Airlock (its schema version is above ours). */
  'STORE_VERSION',
  /**
   * The key vault cannot be used: no OS keychain (no D-Bus session, no Secret Service), a locked or
   * missing keychain collection, or a damaged station-id file. The message says what to do; the
   * vault never falls back to anything weaker (station/vault/).
   */
  'VAULT_UNAVAILABLE',
  /** The keystore file's passphrase check failed: the passphrase is wrong (the file is intact). */
  'KEYSTORE_PASSPHRASE',
  /**
   * The keystore needs its passphrase and the station holds none: the desktop app, before the
   * person unlocks it on the Keys screen (`vaultUnlock`) or after `vaultLock`. The renderer answers
   * it with the passphrase prompt.
   */
  'VAULT_LOCKED',
  /** The keystore file is damaged: not our JSON, fields out of range, or its payload fails authentication. */
  'KEYSTORE_CORRUPT',
  /** The keystore file ends early (a partial copy): its JSON stops inside a value. */
  'KEYSTORE_TRUNCATED',
  /** The keystore file is an `airlock.keystore` of a version this build does not read. */
  'KEYSTORE_VERSION',
  /**
   * A transaction past its expiration, or a chain snapshot too old to build one the node would
   * still accept; the message says the way forward (reissue, or export a fresh snapshot).
   */
  'EXPIRED',
  /** A file (handoff, snapshot) whose `format` or `version` this Airlock does not read. */
  'UNSUPPORTED_VERSION',
  /** The node client could not connect to the node (refused, no such host, reset). */
  'NODE_UNREACHABLE',
  /** The node did not answer within the client's timeout. */
  'NODE_TIMEOUT',
  /** The node answered with something unreadable: not JSON, too large, or not the expected shape. */
  'NODE_REPLY',
  /** The node answered with its own error (`{"Error": ...}` or an HTTP error status). */
  'NODE_ERROR',
  /**
   * A call to the station API from a sender it does not trust: an IPC message from another frame
   * or origin, a bridge request without the right token, or with a foreign Host or Origin.
   */
  'UNAUTHORIZED',
  /**
   * An open or save dialog asked of a station that has none: served through the loopback bridge,
   * where the renderer uses the browser's file picker and downloads instead (docs/decisions.md §8).
   */
  'NO_DIALOG',
  /**
   * The station is busy with other requests and refused this one rather than hold more in memory
   * (the loopback bridge's cap on request bytes in flight, docs/decisions.md §16); the same call may be retried.
   */
  'BUSY',
  /** `airlock audit verify` found the station's audit log altered: an entry changed, missing or out of chain. */
  'AUDIT_BROKEN',
  /**
   * The lockout guard (shared/approval/lockout.ts) refused a permission update: nobody listed can reach the
   * new owner threshold, or only keys this station has never seen sign can and the risk was not
   * accepted (`acceptRisk: 'owner-unseen-keys'`); or the update gives the executive permission a new
   * block key that the producing node was not said to hold (`executiveKeyHeld`; details.verdict
   * 'executive-key'). Nothing was built.
   */
  'LOCKOUT',
  /**
   * Smart-contract call data that does not decode strictly against the function its selector names
   * (shared/contracts/abi.ts): truncated, trailing bytes, non-zero padding, an address or bool with
   * high bytes set, a bad offset. details.reason names which.
   */
  'BAD_CALLDATA',
  /**
   * A transaction the signer's screen cannot show in words (a call to no known function, an unknown
   * contract type) was not signed: signing it needs the risk named (`acceptRisk`, `--accept-risk`),
   * which the audit log records. details.risks lists the risks.
   */
  'SIGNING_RISK',
  /**
   * A hardware signer (a Ledger with the TRON app, or its emulator) refused, could not be reached,
   * or answered something that does not check out (shared/devices/ledger-status.ts words each status
   * word; details.statusWord carries it). Nothing was stored.
   */
  'DEVICE',
  /** A bug or an environment failure; the message is for logs, not for people. */
  'INTERNAL',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ErrorData {
  code: ErrorCode;
  message: string;
  details?: Record<string, unknown>;
}

export class AirlockError extends Error {
  readonly code: ErrorCode;
  readonly details: Record<string, unknown> | undefined;

  constructor(code: ErrorCode, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = 'AirlockError';
    this.code = code;
    this.details = details;
  }

  toData(): ErrorData {
    return this.details === undefined ? { code: this.code, message: this.message } : { code: this.code, message: this.message, details: this.details };
  }
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

/**
 * Turns anything thrown into boundary data. Only an AirlockError is the caller's bad input or a
 * rule: shared/ reports every bad argument as INVALID_INPUT naming the field. Anything else (an
 * engine TypeError, a RangeError from a library) is a bug, INTERNAL, and its message is not passed
 * on: an engine message can quote input ("Cannot read properties of undefined (reading 'x')",
 * V8's JSON errors), so only the error's class name goes out; the boundary logs the original.
 */
export function toErrorData(error: unknown): ErrorData {
  if (error instanceof AirlockError) return error.toData();
  const kind = error instanceof Error ? error.name : typeof error;
  return { code: 'INTERNAL', message: `internal error (${kind}); this is a bug in Airlock, not a problem with the input` };
}

/**
 * A bad input as a message may quote it, JSON-quoted with control and bidi characters escaped:
 * whole when it is short and has no run of 8 hex digits (`"Boss"`, `"-1000001"`), else its first
 * EXCERPT_LENGTH characters and a "…" that shows it was cut. Messages never quote more, because the
 * input may be a private key pasted where an address or a name belongs (docs/decisions.md §6).
 */
export function excerpt(text: string, wholeMax = EXCERPT_WHOLE_MAX): string {
  const whole = text.length <= wholeMax && !hasHexRun(text, QUOTABLE_HEX_RUN);
  const cut = whole ? text : text.slice(0, EXCERPT_LENGTH) + '…';
  return escapeJsonText(JSON.stringify(cut));
}

/**
 * A JSON key as a message may name it: as written when it is a short plain name (`owner_address`),
 * else cut like any other input, since a key can be pasted text too.
 */
export function shownKey(key: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]{0,31}$/.test(key) && !hasHexRun(key, QUOTABLE_HEX_RUN) ? key : excerpt(key);
}

/**
 * A command-line argument (a path, a command word, an option name) as a message may show it: as given when it
 * is short and has no run of 8 or more hex digits or control characters, else only its length. A
 * private key (64 hex digits, with or without 0x) never passes.
 */
export function shownArg(arg: string): string {
  if (arg.length <= SHOWN_ARG_MAX && !hasHexRun(arg, QUOTABLE_HEX_RUN) && !/[\p{Cc}\p{Cf}]/u.test(arg)) return arg;
  return `(an argument of ${arg.length} characters, not shown)`;
}

/**
 * A file's own name as a message or a record shows it. Looser than shownArg on hex, because the
 * station names its handoff files after the txID's first 12 hex digits (`6fa2156ab708.airlock.json`)
 * and a person must see which file they merged; a run of 32 or more hex digits (half a private key
 * or more), a control or format character, or a name over 200 characters is still described, not
 * shown.
 */
export function shownFileName(name: string): string {
  if (name.length <= SHOWN_ARG_MAX && !hasHexRun(name, FILE_NAME_HEX_RUN) && !/[\p{Cc}\p{Cf}]/u.test(name)) return name;
  return `(a file name of ${name.length} characters, not shown)`;
}

/**
 * The one way Airlock refuses something (docs/decisions.md §15 "one way to fail"): throw a coded AirlockError.
 * Every refusal of input or of a rule goes through here, directly or through the field checks of
 * shared/chain/input.ts (`rejectField`, `atField`, `within`) and `badArgument`, which name the
 * field in the message and in details.field. The rule, for shared/, cli/, devnet/ and renderer/:
 * - bad input (the wrong kind of value or a bad value, from a person, a file, a flag or a caller):
 *   `fail` with a code, the message prefixed with the function or the field (STYLE.md habit 7,
 *   carried by the code INVALID_INPUT instead of the class TypeError/RangeError);
 * - a bug in the calling code that no input can cause (an API table built wrong, a reply code the
 *   devnet does not define, a component mounted outside its context): a plain TypeError, RangeError
 *   or Error, which toErrorData reports as INTERNAL without its message.
 */
export function fail(code: ErrorCode, message: string, details?: Record<string, unknown>): never {
  throw new AirlockError(code, message, details);
}
