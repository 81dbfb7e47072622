/**
 * The station's Ledger commands against the public recordings of a real device (docs/decisions.md §23): the same
 * APDUs go out as Ledger's own library sent, the recorded signatures come back, and each verifies
 * against the recorded public key (test/fixtures/ledger/, from LedgerHQ/ledgerjs hw-app-trx).
 */
import { describe, expect, it } from 'vitest';
import { addressFromBase58, addressFromPublicKey, addressToBase58 } from '../../shared/chain/address.ts';
import { bytesToHex, hexToBytes, utf8ToBytes } from '../../shared/base/bytes.ts';
import { recoverPublicKey } from '../../shared/chain/verify.ts';
import { txIdOf } from '../../shared/chain/transaction.ts';
import { parseLedgerPath, readSignatureAnswer, signHashApdu } from '../../shared/devices/ledger-apdu.ts';
import { ledgerRecordings, ReplayTransport } from '../../test/helpers/ledger-replay.ts';
import { checkedSignature, LedgerClient } from './ledger-client.ts';
import { tronMessageDigest } from '../../shared/chain/tron-message.ts';

const rec = ledgerRecordings();
const path = parseLedgerPath(rec.path);
const key = addressFromBase58(rec.address.address);
const client = (exchanges: { out: string; in: string }[]) => {
  const transport = new ReplayTransport(exchanges);
  return { transport, ledger: new LedgerClient(transport) };
};

describe('the recorded exchanges of a real Ledger replay through the station', () => {
  it('reads the app configuration as recorded', async () => {
    const { transport, ledger } = client(rec.configuration.exchanges);
    const config = await ledger.configuration();
    expect(config).toEqual({ version: rec.configuration.version, allowData: true, customContracts: true, truncateAddress: true, signByHash: true });
    expect(transport.left()).toBe(0);
  });

  it('asks for the address with the same command and believes it only as the key it names', async () => {
    const { transport, ledger } = client(rec.address.exchanges);
    const a = await ledger.address(path, false);
    expect(a).toEqual({ address: rec.address.address, publicKey: rec.address.publicKey });
    expect(addressToBase58(addressFromPublicKey(hexToBytes(a.publicKey)))).toBe(rec.address.address);
    expect(transport.left()).toBe(0);
  });

  it('sends the transaction in the recorded chunk and keeps the recorded signature, which verifies against the recorded key', async () => {
    const { transport, ledger } = client(rec.transaction.exchanges);
    const raw = hexToBytes(rec.transaction.rawDataHex);
    const { signature, plan } = await ledger.signTransaction(path, raw, key);
    expect(bytesToHex(signature)).toBe(rec.transaction.signature);
    expect(bytesToHex(recoverPublicKey(signature, txIdOf(raw)))).toBe(rec.address.publicKey);
    // The recording carries a memo: the device needed Allow data, and said so on a screen.
    expect(plan.needs.map((n) => n.setting)).toEqual(['allowData']);
    expect(plan.screens).toContainEqual({ title: 'Data', value: 'Present' });
    expect(transport.left()).toBe(0);
  });

  it('signs by hash with the recorded command; that recording was made with another key, and the station refuses it for this one', async () => {
    const { transport, ledger } = client(rec.hash.exchanges);
    const txId = hexToBytes(rec.hash.txId);
    const signature = readSignatureAnswer(await ledger.send(signHashApdu(path, txId)));
    expect(bytesToHex(signature)).toBe(rec.hash.signature);
    expect(transport.left()).toBe(0);
    // Unlike the other four recordings, this one does not recover to the recorded public key over
    // its hash (nor over sha256 or keccak256 of it): Ledger's test only compares bytes, so it may
    // come from another device. Kept as it is, it is a real answer the station must refuse.
    const signer = addressFromPublicKey(recoverPublicKey(signature, txId));
    expect(addressToBase58(signer)).not.toBe(rec.address.address);
    expect(() => checkedSignature(signature, txId, key, 'this transaction')).toThrow(/does not recover to TWdnWBzFdBP1b8sqZ5RcFDbkV3sBmnxsYu/);
    expect(bytesToHex(checkedSignature(signature, txId, signer, 'this transaction'))).toBe(rec.hash.signature);
  });

  it('signs the personal message with the recorded command; it verifies over the TRON message digest', async () => {
    const { transport, ledger } = client(rec.personalMessage.exchanges);
    const message = utf8ToBytes(rec.personalMessage.messageText);
    const signature = await ledger.signMessage(path, message, key);
    expect(bytesToHex(signature)).toBe(rec.personalMessage.signature);
    expect(bytesToHex(recoverPublicKey(signature, tronMessageDigest(message)))).toBe(rec.address.publicKey);
    expect(transport.left()).toBe(0);
  });

  it('refuses the recorded transaction signature when it is kept for another key', async () => {
    const { ledger } = client(rec.transaction.exchanges);
    const other = new Uint8Array(21).fill(7);
    other[0] = 0x41;
    await expect(ledger.signTransaction(path, hexToBytes(rec.transaction.rawDataHex), other)).rejects.toMatchObject({
      code: 'DEVICE',
      message: expect.stringContaining(`recovers to ${rec.address.address}`),
    });
  });
});
