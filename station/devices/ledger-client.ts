/**
 * The station's side of a Ledger with the TRON app (docs/decisions.md §23): asks it for its configuration, an
 * address (confirmed on its screen), a transaction's signature and a personal message's signature,
 * over any `LedgerTransport`, with the pure protocol of shared/devices/.
 *
 * Invariants:
 * - A transaction the app cannot sign (ledgerPlan 'refused') is refused before any byte is sent;
 *   one it can read only by hash is sent as its txID (INS 0x05), never cut mid-field.
 * - The bytes sent are the caller's stored raw bytes exactly; nothing is re-encoded.
 * - Every status word but 0x9000 is a DEVICE error in words (shared/devices/ledger-status.ts); an
 *   answer over LEDGER_MAX_ANSWER_BYTES, of the wrong shape or length is refused.
 * - A signature is returned only after it recovers to the expected address over the expected
 *   txID (v as 0/1 or 27/28), normalised to v = 0/1; anything else is refused and nothing kept.
 */
import { addressToBase58, type Address } from '../../shared/chain/address.ts';
import { equalBytes } from '../../shared/base/bytes.ts';
import { tronMessageDigest } from '../../shared/chain/tron-message.ts';
import { AirlockError, fail } from '../../shared/base/errors.ts';
import { LEDGER_MAX_ANSWER_BYTES } from '../../shared/base/limits.ts';
import { recoverSigner, recoveryIdOf } from '../../shared/chain/verify.ts';
import { txIdOf } from '../../shared/chain/transaction.ts';
import {
  addressApdu,
  configurationApdu,
  personalMessageApdus,
  readAddressAnswer,
  readConfiguration,
  readSignatureAnswer,
  signApdus,
  signHashApdu,
  splitAnswer,
  type LedgerConfiguration,
} from '../../shared/devices/ledger-apdu.ts';
import { checkStatusWord } from '../../shared/devices/ledger-status.ts';
import { ledgerPlan, type LedgerPlan } from '../../shared/devices/ledger-screens.ts';
import type { LedgerTransport } from './transport.ts';

export class LedgerClient {
  /** Commands sent through this client so far (the benchmark's APDU count). */
  apdus = 0;
  readonly transport: LedgerTransport;
  constructor(transport: LedgerTransport) {
    this.transport = transport;
  }

  /** One command; its data when the status word is 0x9000, else a DEVICE error in words. */
  async send(apdu: Uint8Array): Promise<Uint8Array> {
    this.apdus++;
    const answer = await this.transport.exchange(apdu);
    if (!(answer instanceof Uint8Array) || answer.length > LEDGER_MAX_ANSWER_BYTES)
      fail(
        'DEVICE',
        `The device answered more than ${LEDGER_MAX_ANSWER_BYTES} bytes, far more than any answer of the TRON app; nothing was signed or stored.`,
        {
          statusWord: null,
        },
      );
    const { data, statusWord } = splitAnswer(answer);
    checkStatusWord(statusWord);
    return data;
  }

  async configuration(): Promise<LedgerConfiguration> {
    return readConfiguration(await this.send(configurationApdu()));
  }

  /** The address at `path`; `show` has the person confirm it on the device's screen. */
  async address(path: readonly number[], show: boolean): Promise<{ publicKey: string; address: string }> {
    return readAddressAnswer(await this.send(addressApdu(path, show)));
  }

  /**
   * Has the device sign `rawBytes` as the key at `path`, which must be `expected`: the signature
   * (v = 0/1) once it recovers to `expected` over sha256(rawBytes), and the plan it was asked by.
   */
  async signTransaction(path: readonly number[], rawBytes: Uint8Array, expected: Address): Promise<{ signature: Uint8Array; plan: LedgerPlan }> {
    const plan = ledgerPlan(rawBytes, path);
    if (plan.mode === 'refused') fail('DEVICE', plan.refusal ?? 'The device cannot sign this transaction.', { statusWord: null });
    const txId = txIdOf(rawBytes);
    let data: Uint8Array = new Uint8Array(0);
    if (plan.command === 'hash') data = await this.send(signHashApdu(path, txId));
    else {
      const apdus = signApdus(path, rawBytes)!;
      for (const [i, apdu] of apdus.entries()) {
        data = await this.send(apdu);
        if (i < apdus.length - 1 && data.length !== 0)
          fail('DEVICE', 'The device answered data before the last part of the transaction was sent; nothing was stored.', { statusWord: null });
      }
    }
    return { signature: checkedSignature(readSignatureAnswer(data), txId, expected, 'this transaction'), plan };
  }

  /**
   * Has the device sign a personal message (the app hashes keccak256("\x19TRON Signed Message:\n" ‖
   * length ‖ message)); returned once it recovers to `expected` over that digest.
   */
  async signMessage(path: readonly number[], message: Uint8Array, expected: Address): Promise<Uint8Array> {
    const apdus = personalMessageApdus(path, message);
    let data: Uint8Array = new Uint8Array(0);
    for (const apdu of apdus) data = await this.send(apdu);
    return checkedSignature(readSignatureAnswer(data), tronMessageDigest(message), expected, 'this message');
  }

  async close(): Promise<void> {
    await this.transport.close();
  }
}

/** The signature with v = 0/1 once it recovers to `expected` over `digest`; a DEVICE error otherwise. */
export function checkedSignature(signature: Uint8Array, digest: Uint8Array, expected: Address, what: string): Uint8Array {
  let signer: Address | null = null;
  try {
    signer = recoverSigner(signature, digest);
  } catch (e) {
    if (!(e instanceof AirlockError)) throw e;
  }
  if (signer === null || !equalBytes(signer, expected))
    fail(
      'DEVICE',
      `The device's signature does not recover to ${addressToBase58(expected)} over ${what} (${signer === null ? 'no signer can be recovered from it' : `it recovers to ${addressToBase58(signer)}`}); it was not kept and nothing was stored.`,
      { statusWord: null },
    );
  const out = signature.slice();
  out[64] = recoveryIdOf(signature);
  return out;
}
