/**
 * The desktop UI's own wording of the station's messages (docs/decisions.md §18, "Messages in the user's words
 * everywhere in the UI"). The station's texts are shared with the command line, whose outputs are
 * pinned by many tests, so they stay as they are; the renderer rewords them here, keyed first by
 * error code and field, then by rules that hold for any text:
 *
 * - no command-line flag or command (`--passphrase-file F`, `airlock reissue TXID`): a parenthesis
 *   that names one is dropped, since the desktop app does the same thing with a button;
 * - no node code without words (`ENOUGH_PERMISSION`): each becomes what it means;
 * - no schema path (`handoff.format: expected ...`): a leading path becomes the thing it names;
 * - one name for the coin: TRX, never "coin", with thousands separators;
 * - times in local time to the second (an ISO time with milliseconds becomes `24 Nov 2026, 13:05:09`).
 *
 * Invariant: what `sayError` and `sayText` return contains none of "--", "airlock ", an all-caps
 * code or a dotted field path (words.test.ts holds each rule); the code and field stay in the
 * error's details for support.
 */
import type { ErrorData } from '../../shared/base/errors.ts';
import { localTime, shown } from './format.ts';

/** The node's and the approval module's result codes, in words (PROTOCOL.md §4, getsignweight, broadcast). */
const NODE_CODE_WORDS: Record<string, string> = {
  ENOUGH_PERMISSION: 'the signatures are enough',
  NOT_ENOUGH_PERMISSION: 'the signatures are not enough yet',
  SIGNATURE_FORMAT_ERROR: 'a signature is malformed',
  COMPUTE_ADDRESS_ERROR: "a signature's signer cannot be worked out",
  PERMISSION_ERROR: 'a signer is not allowed by the permission',
  OTHER_ERROR: 'the node could not check the signatures',
  SIGERROR: 'a signature is wrong',
  BIGGER_ERROR: 'the transaction is too big',
  DUP_TRANSACTION_ERROR: 'the node already has this transaction',
  TAPOS_ERROR: 'the transaction refers to a block the node does not have',
  TOO_BIG_TRANSACTION_ERROR: 'the transaction is too big',
  TRANSACTION_EXPIRATION_ERROR: 'the transaction has expired',
  SERVER_BUSY: 'the node is busy; try again',
  NO_CONNECTION: 'the node has no connection to the network',
  NOT_ENOUGH_EFFECTIVE_CONNECTION: 'the node has too few connections to the network',
  BANDWITH_ERROR: 'the account has not enough bandwidth or TRX for the fee',
  CONTRACT_VALIDATE_ERROR: 'the node refused the contract',
  CONTRACT_EXE_ERROR: 'the contract failed when it ran',
  OTHER_ERROR_CODE: 'the node refused it',
};

/** The last part of a field path, in words, for a message that starts with the path. */
const FIELD_WORDS: Record<string, string> = {
  format: "The file's format",
  version: "The file's version",
  handoff: 'The handoff file',
  snapshot: 'The snapshot file',
  proof: 'The proof file',
  passphrase: 'The passphrase',
  txid: 'The transaction ID',
  node: 'The node',
  'permission-id': 'The permission',
  'expires-in': 'Expires in',
  'fee-limit': 'The fee limit',
};

/** Whole messages keyed by code (and field): the cases where the station's own words point at a terminal. */
function keyed(error: ErrorData): string | null {
  const field = typeof error.details?.field === 'string' ? error.details.field : '';
  switch (error.code) {
    case 'VAULT_UNAVAILABLE':
      // The keychain's own cause (a D-Bus error) means nothing to a person; what to do does.
      if (/keychain/i.test(error.message) && /cannot be used/.test(error.message))
        return 'This computer has no system keychain the station can use. Keep the keys in a keystore file protected by a passphrase instead: choose "Use a keystore file" on the Keys screen (or Settings, Vault).';
      return null;
    case 'VAULT_LOCKED':
      return 'The keystore is locked: enter its passphrase to go on.';
    case 'UNSUPPORTED_VERSION':
      if (field === 'format') return 'This is not a file Airlock reads here: choose a file an Airlock station exported for this step.';
      if (field === 'version')
        return /newer/.test(error.message)
          ? 'This file was written by a newer Airlock: update Airlock to read it.'
          : 'This file is of a version this Airlock does not read.';
      return null;
    case 'EXPIRED':
      if (field === 'txid')
        return `${firstSentence(error.message)} Re-issue it with the Re-issue button on its screen and collect the signatures again: signatures on the old one do not carry over.`;
      return null;
    default:
      return null;
  }
}

function firstSentence(text: string): string {
  const end = text.indexOf('; ');
  return sayText(end > 0 ? `${text.slice(0, end)}.` : text);
}

/** A leading field path (`handoff.format: `), a single field (`txid: `) or an option's name (`permission-id: `). */
const PATH_LEAD = /^([a-z][A-Za-z0-9_]*(?:\[\d+\])?(?:\.[A-Za-z0-9_]+(?:\[\d+\])?)+|[a-z][a-z0-9]*(?:-[a-z0-9]+)+|[a-z][A-Za-z0-9_]*):\s/;
const FILE_NAME = /\.(?:json|csv|txt|ur|png|jpe?g)$/i;
const NODE_CODE = /\b[A-Z][A-Z0-9]+(?:_[A-Z0-9]+)+\b/g;
const ISO_TIME = /\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z\b/g;
/** A parenthesis naming a flag or a command of the command line. */
const CLI_ASIDE = /\s*\((?=[^()]*(?:--[a-z]|\bairlock [a-z]|in a terminal|npm start))[^()]*\)/g;

/** Any station text (a summary, a node's answer, a refusal) in the UI's words. */
export function sayText(text: string): string {
  let out = text.replace(CLI_ASIDE, '');
  const lead = PATH_LEAD.exec(out);
  // A file name leads a refusal as a path does ("edited.airlock.json: ..."): it names what was wrong, so it stays.
  if (lead && !FILE_NAME.test(lead[1]!)) {
    const path = lead[1]!;
    const last = path
      .split('.')
      .pop()!
      .replace(/\[\d+\]$/, '');
    const named = path.includes('.') || path.includes('-');
    const words = FIELD_WORDS[last] ?? (named ? `The field "${last.replace(/[_-]/g, ' ')}"` : null);
    if (words !== null) out = `${words}: ${out.slice(lead[0].length)}`;
  }
  out = out.replace(NODE_CODE, (code) => NODE_CODE_WORDS[code] ?? code.toLowerCase().replace(/_/g, ' '));
  // One name for the native coin (the station's texts, shared with the CLI, say "coin").
  // With thousands separators: the station writes "1234567.5 coin".
  out = out.replace(/\b(\d+)((?:\.\d+)?) coin\b/g, (_m, whole: string, frac: string) => `${whole.replace(/\B(?=(\d{3})+$)/g, ',')}${frac} TRX`);
  out = out.replace(/\bthe native coin\b/g, 'TRX');
  out = out.replace(ISO_TIME, (iso) => localTime(Date.parse(iso)));
  return out;
}

/** A file's exporter as the station judged it (shared/api/exporter-schemas.ts EXPORTER_VIEW), the part the words need. */
export interface ImportedFrom {
  pinned: boolean;
  label: string | null;
  code: string;
}

/**
 * Who signed an imported handoff or snapshot file, and so whether what it says of accounts,
 * permissions and tokens counts as observed or stays its claim (docs/decisions.md §16: "say on screen which is
 * which"). For an exporter not pinned here the station's own warning says more (its fingerprint
 * words and how to pin it); this sentence is the short verdict beside it.
 */
export function importedFrom(file: string, exporter: ImportedFrom | null): string {
  if (exporter === null)
    return `${shown(file)} is not signed by an exporter: what it says of accounts, permissions and tokens is kept as its claim, unverified.`;
  if (exporter.pinned)
    return `${shown(file)} is signed by the pinned exporter “${shown(exporter.label ?? '')}” (${exporter.code}): what it says counts as observed.`;
  return `${shown(file)} is signed by exporter ${exporter.code}, which this station has not pinned: what it says is kept as its claim, unverified.`;
}

/** A refusal in the UI's words: keyed by code and field where the station's words do not fit, else sayText. */
export function sayError(error: ErrorData): string {
  return keyed(error) ?? sayText(error.message);
}
