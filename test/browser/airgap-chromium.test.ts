/**
 * The air gap end to end in Debian's headless Chromium (docs/decisions.md §19 "Done when: two stations complete
 * a 2-of-3 payment with no file moved between them, only QR codes shown and scanned"): the local
 * node and two real stations (test/helpers/ui-e2e-helpers.ts). A's treasury transfer is signed
 * with a1 and shown on A's Transaction screen as an animated QR code; the frames drawn in A's page
 * (the SVG's modules, read back) become a Y4M video (YUV4MPEG2: a header, then frames of 4:2:0
 * planes, test/helpers/fake-camera.ts), which Chromium's fake camera plays to station B
 * (`--use-fake-device-for-media-stream --use-file-for-fake-video-capture`, the permission prompt
 * answered by `--use-fake-ui-for-media-stream`). Every fourth frame is left out of the video, so
 * B completes from fountain parts. B scans, imports through the same API method as a file import,
 * shows the same read-aloud check as A, opens the transaction, signs with b1 (2 of 2), runs the
 * dry run and broadcasts; the node shows the recipient's balance. Before that, a frame sequence of
 * a tampered copy (one signature changed) is scanned by B and refused in one sentence with nothing
 * stored. Last, for a machine without a camera, B reads still images of A's frames (pictures of the
 * symbol on A's screen, given in reverse order) and imports that handoff. Pages are watched for
 * console errors, page errors and CSP violations.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UrSender } from '../../shared/files/ur.ts';
import { qrMatrix } from '../../shared/views/qr.ts';
import { readAloudChecksum } from '../../shared/views/read-aloud.ts';
import { newKey } from '../helpers/devnet-helpers.ts';
import { browserWithCamera, pureParts, scanEnded, symbolsLeavingOutEveryFourth, y4m } from '../helpers/fake-camera.ts';
import {
  openFromQueue,
  settle,
  twoStationsInDir,
  stationPage,
  stationBrowser,
  tokenBalance,
  TREASURY_ID,
  watchProblems,
  type TwoStations,
} from '../helpers/ui-e2e-helpers.ts';

const VIEWPORT = { width: 1280, height: 1000 };
const REFUSED = 'The scanned file was refused and nothing in the station changed.';

let dir: string;
let net: TwoStations;
let browserA: BrowserContext;
let pageA: Page;
const problems: { A: string[] } = { A: [] };
const flow: { txId?: string; recipient?: string; handoff?: string; check?: string } = {};

beforeAll(async () => {
  ({ dir, net } = await twoStationsInDir('airgap'));
  ({ context: browserA, page: pageA, problems: problems.A } = await stationPage(dir, 'a', net.A, VIEWPORT));
}, 180_000);

afterAll(async () => {
  await browserA?.close();
  await net?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Station B's page in a Chromium whose camera plays `video`. */
async function bWithCamera(video: Buffer, name: string): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browserWithCamera(dir, name, video, VIEWPORT);
  const problems = await watchProblems(context);
  const page = await context.newPage();
  await page.goto(net.B.bridge.address);
  await settle(page);
  await page.locator('nav[aria-label=Screens]').getByRole('button', { name: 'Scan QR', exact: true }).click();
  await page.getByRole('button', { name: 'Start the camera' }).click();
  return { context, page, problems };
}

const weightWords = (page: Page) => page.locator('section[aria-labelledby=perm-title] .words');
const queueTotal = async (): Promise<number> => (await net.B.call('list', {})).total;

describe('two stations hand a payment over by animated QR code and camera only', () => {
  it('1. station A signs with a1 and shows the handoff as an animated QR code with its read-aloud check', async () => {
    flow.recipient = newKey().b58;
    const built = await net.A.call('buildTransferAsset', {
      from: net.owner.b58,
      to: flow.recipient,
      token: net.tokenId,
      amount: '300',
      permissionId: TREASURY_ID,
      note: 'by light',
    });
    flow.txId = built.txId;
    await net.A.call('sign', { txId: flow.txId, key: net.keys.a1 });
    flow.handoff = (await net.A.call('exportHandoff', { txId: flow.txId })).text;
    // The queue was read before this transaction existed: another screen and back reads it again.
    await pageA.locator('nav[aria-label=Screens]').getByRole('button', { name: 'Keys', exact: true }).click();
    await openFromQueue(pageA, 'by light');
    await pageA.getByRole('button', { name: 'Show as animated QR code' }).click();
    const figure = pageA.locator('figure.animated-qr');
    await figure.locator('svg').waitFor();
    flow.check = readAloudChecksum(flow.txId).code;
    expect(await figure.locator('.check').textContent()).toBe(flow.check);
    expect(problems.A).toEqual([]);
  }, 60_000);

  it('2. a tampered frame sequence (one signature changed) is scanned by B and refused in one sentence; nothing is stored', async () => {
    const file = JSON.parse(flow.handoff!) as { transaction: { signature: string[] } };
    const sig = file.transaction.signature[0]!;
    file.transaction.signature[0] = sig.slice(0, 10) + (sig[10] === '0' ? '1' : '0') + sig.slice(11);
    const sender = new UrSender('handoff', JSON.stringify(file, null, 2));
    const symbols = sender.take(sender.pureCount * 2).map((p) => qrMatrix(p.toUpperCase(), 'L'));
    const before = await queueTotal();
    const b = await bWithCamera(y4m(symbols), 'tampered');
    try {
      const alert = b.page.locator('section[aria-labelledby=scan-title] .error > p');
      await alert.waitFor({ timeout: 60_000 });
      const sentence = (await alert.textContent())!;
      expect(sentence.startsWith(`${REFUSED} `)).toBe(true);
      expect(sentence).not.toContain('\n');
      expect(await queueTotal()).toBe(before);
      expect(b.problems).toEqual([]);
    } finally {
      await b.context.close();
    }
  }, 120_000);

  it("3. B scans A's frames (every fourth left out), imports, shows the same check, signs (2 of 2) and broadcasts; the node shows the balance", async () => {
    const figure = pageA.locator('figure.animated-qr');
    const pure = await pureParts(figure);
    // Faster on A's screen, so the frames are collected quickly; each is read from the page as drawn.
    await figure.getByLabel('Frames a second').fill('20');
    // Every fourth frame drawn is left out; the rest are read until they assemble by themselves (a
    // looping video adds no new parts), however many frames a loaded machine skipped on A.
    const symbols = await symbolsLeavingOutEveryFourth(pageA, figure, pure * 2);
    const before = await queueTotal();
    const started = Date.now();
    const b = await bWithCamera(y4m(symbols), 'good');
    try {
      const scanned = b.page.locator('section[aria-labelledby=scan-title]');
      const outcome = scanned.locator('.outcome');
      // The outcome, a refusal or an alert, whichever comes: the last two fail with B's words, not a time-out.
      await scanEnded(scanned, 150_000);
      expect(await scanned.locator('.error, [role=alert]').count(), (await scanned.textContent()) ?? '').toBe(0);
      console.info(
        `airgap: ${pure} pure parts, ${symbols.length} frames in the video, scanned and imported in ${Date.now() - started} ms (browser start included)`,
      );
      expect(await outcome.textContent()).toMatch(
        /^Imported scanned handoff \d{4}-\d\d-\d\d \d\d\.\d\d\.\d\d: 1 new signature\(s\), 0 already known, a transaction new to this station\. scanned handoff \S+ \S+ is not signed by an exporter: what it says of accounts, permissions and tokens is kept as its claim, unverified\.$/,
      );
      expect(await b.page.locator('section[aria-labelledby=scan-title] .check').textContent()).toBe(flow.check);
      expect(await queueTotal()).toBe(before + 1);

      await b.page.getByRole('button', { name: 'Open the transaction' }).click();
      await b.page.locator('code.txid').waitFor();
      expect(await b.page.locator('code.txid').textContent()).toBe(flow.txId);
      expect(await b.page.locator('.facts .check').textContent()).toBe(flow.check);
      await expect.poll(() => weightWords(b.page).textContent()).toBe('1 of 2');
      await b.page.getByRole('button', { name: `Sign with Treasury B (${net.keys.b1}), weight 1` }).click();
      await expect.poll(() => weightWords(b.page).textContent()).toBe('2 of 2');
      await b.page.getByRole('button', { name: 'Check with the node first (dry run)' }).click();
      await b.page.getByText(/^The node's dry run: /).waitFor();
      const balance = await tokenBalance(net.node, flow.recipient!, net.tokenId);
      await b.page.getByRole('button', { name: 'Broadcast now' }).click();
      await expect.poll(() => b.page.locator('section[aria-labelledby=tx-title] > p[role=status]').textContent()).toMatch(/^The node accepted/);
      await net.node.block();
      expect(await tokenBalance(net.node, flow.recipient!, net.tokenId)).toBe(balance + 300n);
      expect(b.problems).toEqual([]);
    } finally {
      await b.context.close();
    }
    expect(problems.A).toEqual([]);
  }, 240_000);

  it("4. without a camera: B reads still images of the frames (pictures of A's screen, in any order) and imports the handoff", async () => {
    const built = await net.A.call('buildTransferAsset', {
      from: net.owner.b58,
      to: newKey().b58,
      token: net.tokenId,
      amount: '5',
      permissionId: TREASURY_ID,
      note: 'by photo',
    });
    await net.A.call('sign', { txId: built.txId, key: net.keys.a1 });
    await pageA.locator('nav[aria-label=Screens]').getByRole('button', { name: 'Keys', exact: true }).click();
    await openFromQueue(pageA, 'by photo');
    await pageA.getByRole('button', { name: 'Show as animated QR code' }).click();
    const figure = pageA.locator('figure.animated-qr');
    const pure = await pureParts(figure);
    // One picture of each frame seen: paused, photographed, stepped on by playing briefly.
    const pictures = new Map<string, Buffer>();
    await figure.getByRole('button', { name: 'Pause' }).click();
    // Play and Pause step on by one frame or more, so some pure parts are skipped: fountain parts stand in.
    while (pictures.size < pure * 2) {
      const d = (await figure.locator('svg path').getAttribute('d'))!;
      if (!pictures.has(d)) pictures.set(d, await figure.locator('svg').screenshot());
      await figure.getByRole('button', { name: 'Play' }).click();
      await figure.getByRole('button', { name: 'Pause' }).click();
    }
    const browserB = await stationBrowser(join(dir, 'profile-b-photos'), VIEWPORT);
    try {
      const problemsB = await watchProblems(browserB);
      const page = await browserB.newPage();
      await page.goto(net.B.bridge.address);
      await settle(page);
      await page.locator('nav[aria-label=Screens]').getByRole('button', { name: 'Scan QR', exact: true }).click();
      const files = [...pictures.values()].reverse().map((buffer, i) => ({ name: `frame-${i}.png`, mimeType: 'image/png', buffer }));
      await page.getByLabel('Still images of the frames (for a machine without a camera)').setInputFiles(files);
      const outcome = page.locator('section[aria-labelledby=scan-title] .outcome');
      await outcome.waitFor({ timeout: 60_000 });
      expect(await outcome.textContent()).toMatch(
        /^Imported scanned handoff .*: 1 new signature\(s\), 0 already known, a transaction new to this station\. scanned handoff \S+ \S+ is not signed by an exporter: what it says of accounts, permissions and tokens is kept as its claim, unverified\.$/,
      );
      expect(await page.locator('section[aria-labelledby=scan-title] .check').textContent()).toBe(readAloudChecksum(built.txId).code);
      expect((await net.B.call('status', { txId: built.txId })).view.signatures.length).toBe(1);
      expect(problemsB).toEqual([]);
    } finally {
      await browserB.close();
    }
  }, 180_000);
});
