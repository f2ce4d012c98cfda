/**
 * `npm run device -- <command> [options]`: the reference gate on the command line (device/README.md).
 * Prints one line per result, or one JSON object per line with --json.
 */
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { DeviceApi, DeviceRefused, ServerUnreachable } from './device-api';
import { Gate, type GateScan, type SyncResult, type UploadResult } from './gate';
import { readQrFromImage } from './qr-image';

const USAGE = `Usage: npm run device -- <command> [options]

Commands:
  sync                      fetch the feed (incremental when the device holds today's)
  scan --qr <text>          scan a QR text: online, or offline from the feed when the server is unreachable
  scan --image <file>       the same with the QR read from a PNG or JPEG picture
  scan … --at <ISO time>    decide offline from the feed as if the device's clock read that time (and
                            queue the scan): e.g. a rotating QR's screenshot judged a minute later
  upload                    send the scans made offline (chunks of 500)
  heartbeat                 report the device clock, feed version and queue; prints the clock offset
  run                       scan every line read from standard input (a USB scanner in keyboard mode),
                            heartbeat and sync on a timer, upload when the server is back

Options:
  --server <url>            the portal (env PORTAL_DEVICE_SERVER; default http://127.0.0.1:3000)
  --token <token>           the device token from /wo/hardware/list (env PORTAL_DEVICE_TOKEN)
  --state <file>            the device's state file (default ./device-state.json)
  --timeout <ms>            how long a call may take before the gate decides offline (default 3000)
  --heartbeat-seconds <n>   run: heartbeat period (default 30)
  --sync-seconds <n>        run: sync period (default 60)
  --json                    one JSON object per line instead of text`;

/** A mistake in the command line: the message and exit code 1. */
class UsageError extends Error {}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    server: { type: 'string', default: process.env.PORTAL_DEVICE_SERVER ?? 'http://127.0.0.1:3000' },
    token: { type: 'string', default: process.env.PORTAL_DEVICE_TOKEN },
    state: { type: 'string', default: 'device-state.json' },
    timeout: { type: 'string', default: '3000' },
    'heartbeat-seconds': { type: 'string', default: '30' },
    'sync-seconds': { type: 'string', default: '60' },
    qr: { type: 'string' },
    image: { type: 'string' },
    at: { type: 'string' },
    json: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

/** What the gate's staff read for a holder verified at the counter (both languages: the staff's and a visitor's). */
export const COUNTER_CHECK_NOTICE = 'COUNTER CHECK: compare the ID document in person — no face comparison / 人工核验：请当面核对证件，不进行人脸比对';

function print(text: string, json: unknown) {
  console.log(values.json ? JSON.stringify(json) : text);
}

function printScan(scan: GateScan) {
  const who = scan.ticket?.holderName ?? (scan.ticket ? `ticket ${scan.ticket.id}` : 'unknown ticket');
  const where = scan.offline ? ' (offline: decided from the feed, queued)' : '';
  const conflict = scan.conflict ? `, conflict ${scan.conflict}` : '';
  print(`${scan.admit ? 'ADMIT' : 'DENY '}  ${scan.reason.padEnd(23)} ${who}  entries today: ${scan.entriesToday}${conflict}${where}`, scan);
  // The holder chose the counter check: the gate runs no face comparison, staff look at the ID document (JSON: `ticket.counterCheck`).
  if (scan.ticket?.counterCheck && !values.json) console.log(COUNTER_CHECK_NOTICE);
}

function printSync(result: SyncResult) {
  print(`synced: version ${result.version} (${result.full ? 'full' : 'incremental'}, ${result.received} rows), ${result.held} tickets held for ${result.day}`, result);
}

function printUpload(result: UploadResult) {
  const conflicts = result.results.filter((answer) => answer.conflict !== null).length;
  print(result.uploaded === 0 ? 'nothing to upload' : `uploaded ${result.uploaded} scans (${conflicts} with a conflict)`, result);
}

async function scanOnce(gate: Gate) {
  const qr = values.image ? await readQrFromImage(values.image) : values.qr;
  if (qr === undefined) {
    throw new UsageError(values.image ? `no QR code found in ${values.image}` : 'scan needs --qr <text> or --image <file>');
  }
  printScan(await gate.scan(qr, { offline: values.at !== undefined }));
}

/** The device clock: the real one, or the instant `--at` names. */
function deviceClock(): () => Date {
  if (values.at === undefined) return () => new Date();
  const at = new Date(values.at);
  if (Number.isNaN(at.getTime())) throw new UsageError(`--at: not a time: ${values.at}`);
  return () => at;
}

/**
 * Scans what standard input types, one QR per line; heartbeat, sync and upload on timers, one thing
 * at a time. An unreachable server is reported and waited out; a refused device (a revoked token)
 * stops the gate.
 */
async function run(gate: Gate) {
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  let refused: unknown;
  let busy: Promise<void> = Promise.resolve();
  const serially = (task: () => Promise<void>) => {
    busy = busy
      .then(() => (refused ? undefined : task()))
      .catch((error: unknown) => {
        if (error instanceof ServerUnreachable) {
          console.error(`server unreachable: ${error.message}`);
          return;
        }
        refused ??= error;
        lines.close();
      });
    return busy;
  };
  const keepInStep = async () => {
    const beat = await gate.heartbeat();
    print(`heartbeat: clock offset ${beat.clockOffsetMs} ms, ${gate.queuedScans} scans queued`, { heartbeat: beat });
    if (gate.queuedScans > 0) printUpload(await gate.upload());
  };
  const syncNow = async () => printSync(await gate.sync());
  void serially(syncNow);
  void serially(keepInStep);
  const timers = [
    setInterval(() => void serially(keepInStep), Number(values['heartbeat-seconds']) * 1000),
    setInterval(() => void serially(syncNow), Number(values['sync-seconds']) * 1000),
  ];
  try {
    for await (const line of lines) {
      const qr = line.trim();
      if (qr) await serially(async () => printScan(await gate.scan(qr)));
    }
    // End of input: one last try to deliver what was scanned offline.
    await serially(async () => {
      if (gate.queuedScans > 0) printUpload(await gate.upload());
    });
  } finally {
    timers.forEach(clearInterval);
  }
  if (refused) throw refused;
}

async function main(): Promise<number> {
  const [command] = positionals;
  if (values.help || !command) {
    console.log(USAGE);
    return command || values.help ? 0 : 1;
  }
  if (!values.token) throw new UsageError('no device token: pass --token or set PORTAL_DEVICE_TOKEN');
  const gate = Gate.open(new DeviceApi({ server: values.server, token: values.token, timeoutMs: Number(values.timeout) }), values.state, deviceClock());
  switch (command) {
    case 'sync':
      printSync(await gate.sync());
      break;
    case 'scan':
      await scanOnce(gate);
      break;
    case 'upload':
      printUpload(await gate.upload());
      break;
    case 'heartbeat': {
      const beat = await gate.heartbeat();
      print(`server time ${beat.serverTime}, clock offset ${beat.clockOffsetMs} ms, ${gate.queuedScans} scans queued`, beat);
      break;
    }
    case 'run':
      await run(gate);
      break;
    default:
      throw new UsageError(`unknown command "${command}"\n\n${USAGE}`);
  }
  return 0;
}

try {
  process.exitCode = await main();
} catch (error) {
  if (error instanceof UsageError) {
    console.error(error.message);
    process.exitCode = 1;
  } else if (error instanceof DeviceRefused) {
    console.error(`refused by the portal: ${error.code} (${error.status}) ${error.message}`);
    process.exitCode = 2;
  } else if (error instanceof ServerUnreachable) {
    console.error(`server unreachable: ${error.message}`);
    process.exitCode = 3;
  } else {
    throw error;
  }
}
