/**
 * The help texts of `airlock` and its commands, printed by `--help` (and `airlock help ...`).
 * Kept apart from the dispatcher so the usage of every command reads in one place.
 */

const OUTPUT = `Output is pretty JSON on stdout. Errors are {"error":{"code","message","details"}} on stderr,
with exit code 1 for bad input and 2 for a bad command line. A command that ran but had part of
what it was asked refused (a row of a batch, a broadcast the node refused) prints its answer and
exits 3.`;

export const MAIN_USAGE = `airlock: the signing station's command line, and offline tools for the node's transaction JSON

Station (a data directory with its store and vault; see README "Walkthrough"):
  airlock keys new [--label L] | keys import --key-file K [--label L] | keys list | keys label ADDR L | keys delete ADDR [--yes]
  airlock keys ledger add [--account N | --path P] [--label L] | keys ledger show TXID   (a key on a Ledger; what the device will show)
  airlock book list | book set ADDR LABEL | book delete ADDR
  airlock exporter show | exporter pin KEY --label L | exporter unpin KEY | exporter list
  airlock account fetch ADDR | account show ADDR | account resources ADDR | account list | account remove ADDR
  airlock token show ID [--fetch] | token list
  airlock snapshot export FILE --account ADDR... | snapshot import FILE | snapshot list | snapshot remove ID
  airlock snapshot ur export --account ADDR... [--fragment-size N] | snapshot ur import [FILE...]   (UR parts, as the animated QR code)
  airlock build transfer --from A --to B --amount SUN [--permission-id N] [--expires-in 12h] [--note T]
  airlock build transfer-asset --from A --to B --token ID --amount N [...]
  airlock build participate --from A --to ISSUER --token ID --amount SUN [...]
  airlock build asset-issue --json FILE | build permission-update --json FILE [--accept-risk owner-unseen-keys] [--executive-key-held]
  airlock permission-check --json FILE [--permission-id N]   (lockout guard, diff, fee; builds nothing)
  airlock build batch --csv FILE --from A [--sign] [...]
  airlock build trc20-transfer --from A --to B --token CONTRACT --amount N [--smallest-units] [--fee-limit TRX] [...]
  airlock build trc20-approve --from A --spender S --token CONTRACT --amount N|unlimited [...]
  airlock contract add ADDR [--abi FILE] [--name N] [--symbol S --decimals D] | contract list | contract remove ADDR
  airlock sign TXID... [--key ADDR] [--accept-risk unknown-function] | status TXID | status refresh | cost TXID | export TXID FILE | export --dir D|--merged F TXID... | import FILE... | reissue TXID
  airlock handoff ur export TXID [--fragment-size N] | handoff ur import [FILE...]   (UR parts, as the animated QR code)
  airlock build freeze|unfreeze --from A --amount SUN --resource BANDWIDTH|ENERGY|TRON_POWER [...]   (Stake 2.0)
  airlock build delegate --from A --to B --amount SUN --resource R [--lock [--lock-period BLOCKS]] | build undelegate --from A --to B --amount SUN --resource R
  airlock build withdraw-unfrozen --from A | build cancel-unfreeze --from A | build withdraw-rewards --from A
  airlock build vote --from A --vote EXECUTIVE=COUNT... | build account-name --from A --name TEXT
  airlock broadcast TXID... | discard TXID | list [--status S] [--account A] [--offset N] [--limit N] | settings show | settings set KEY VALUE | audit verify
  airlock settings set ledger usb | settings set ledger speculos:http://127.0.0.1:PORT   (how the Ledger is reached)
  airlock proof challenge OUT --account A --key K --permissions FILE | proof sign CHALLENGE OUT
  airlock proof import PROOF | proof list [--account A]
  Global options: --data-dir DIR, --node URL, --json, --vault keychain|keystore,
  --passphrase-file F, --passphrase-fd N. Station commands print short text; --json the JSON view.

Tools (no station):
  airlock tx encode  [FILE|-] [--visible]
  airlock tx inspect [FILE|-] [--visible]
  airlock tx sign    [FILE|-] --key-file K [--permission-id N] [--allow-expired] [--visible]
  airlock ops encode <type...>
  airlock ops decode <hex>
  airlock ops list [--search <text>]
  airlock address <hex|base58>
  airlock address --key-file K
  airlock <command> --help

FILE or - or nothing: read the JSON from stdin.
${OUTPUT}
`;

export const TX_USAGE = `Usage:
  airlock tx encode  [FILE|-] [--visible]     raw_data JSON -> {txID, raw_data_hex, raw_data}
  airlock tx inspect [FILE|-] [--visible]     decode the bytes, check the txID, recover each signer
  airlock tx sign    [FILE|-] --key-file K [--permission-id N] [--allow-expired] [--visible]

Run "airlock tx <command> --help" for details.
`;

export const TX_ENCODE_USAGE = `Usage: airlock tx encode [FILE|-] [--visible]

Reads a transaction JSON ({"raw_data": {...}} as the node prints it, or the bare raw_data object)
and prints {txID, raw_data_hex, raw_data, visible}: the canonical bytes, their sha256 and the
raw_data written back from those bytes. If the input also has raw_data_hex or txID they must agree.
A contract's parameter.type_url may be left out: it follows from its type. raw_data without
ref_block_bytes, ref_block_hash or expiration is refused (it would have expired in 1970): take them
from a recent block of the node, or build the transaction with the node's create endpoints.

  --visible   write addresses as Base58 and names as text. A bare raw_data object is also READ
              this way (a full transaction JSON says how it is written with its own "visible").
${OUTPUT}
`;

export const TX_INSPECT_USAGE = `Usage: airlock tx inspect [FILE|-] [--visible]

Reads a transaction JSON (raw_data_hex and/or raw_data, and signature) and prints what its BYTES
say, as the station shows it (the transaction view, shared/views/view.ts): txID, kind, title, summary,
permissionId, owner {hex, base58}, contract (every field in plain words; int64 as decimal text),
refBlock, timestamp and expiration {ms, iso} with expired and msLeft against this machine's clock,
memo, feeLimit, rawDataHex, size, and per signature its recovered signer {hex, base58} or the
error the node would give; then raw_data, the node's JSON of the same bytes. Names with control or
bidi characters are shown escaped. A raw_data that disagrees with raw_data_hex, or a txID that is
not their hash, is refused.

  --visible   write raw_data's addresses as Base58 and names as text
${OUTPUT}
`;

export const TX_SIGN_USAGE = `Usage: airlock tx sign [FILE|-] --key-file K [--permission-id N] [--allow-expired] [--visible]

Appends a signature (secp256k1 over the txID, RFC 6979, low-S, v = recovery id) and prints the
whole transaction JSON, visible when the input says "visible": true or --visible is given.
The key file holds one private key as 64 hex digits (0x and surrounding whitespace allowed) and
must be readable and writable by its owner only (chmod 600 K); it is a developer and scripting
convenience, not a key store.

  --key-file K         the private key to sign with (required)
  --permission-id N    sign for permission N (0 owner, 2 to 2147483647 active). Rewrites Permission_id, and so
                       the txID, while there are no signatures yet; refused once there are.
                       1 (executive) is always refused.
  --allow-expired      sign even when the expiration is not after now
  --visible            write addresses as Base58 and names as text

Refused: a key that already signed ("<base58> had signed!"), a sixth signature, a signature
already in the file that does not recover, and any transaction Airlock cannot decode and show.
${OUTPUT}
`;

export const OPS_USAGE = `Usage:
  airlock ops encode <type...>   contract types (ids or names, e.g. 1 TransferAsset AssetIssueContract,
                                 space- or comma-separated) -> {hex, ids, names, groups}
  airlock ops decode <hex>       a 32-byte operations mask (64 hex digits) -> {hex, ids, names, unknown, groups}
  airlock ops list [--search T]  every operation in words by group: {groups: [{group, operations:
                                 [{id, type, name, meaning}]}]}; --search keeps those whose name,
                                 java-tron name, group or meaning contains T

groups: the mask's operations by group in plain words ("Payments": "Transfer", "Token transfer").

Bit N of the mask (bit N mod 8 of byte N div 8) lets an active permission run contract type N.
Decode refuses, without printing it back, a mask with bits past 63: no contract type is there, and
64 hex digits like that are more likely a private key pasted by mistake.
${OUTPUT}
`;

export const ADDRESS_USAGE = `Usage:
  airlock address <hex|base58>   an address (41... or T...) -> {hex, base58}
  airlock address --key-file K   the address of the private key in file K -> {hex, base58}
${OUTPUT}
`;
