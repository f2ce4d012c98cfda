/**
 * Entrance devices (gates, handhelds, face terminals) as /wo/hardware/list registers them, and the
 * device API's request bodies (`/apis/hardware/v1/…`, docs/api.md).
 */
import { z } from 'zod';
import type { ErrorCode } from '../errors/error-codes';
import { hasControlCharacters, hasLoneSurrogates, plainText } from '../text';
import { TICKET_KINDS } from '../ticket/ticket.schema';

const code = (value: ErrorCode) => ({ message: value });

export const DEVICE_KINDS = ['GATE', 'HANDHELD', 'FACE_TERMINAL'] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];

/**
 * Which way a device lets people through: ENTRY admits (entries and re-entries); EXIT records that the
 * holder went out, which the exit-first re-entry policy waits for (docs/api.md § Device API).
 */
export const DEVICE_DIRECTIONS = ['ENTRY', 'EXIT'] as const;
export type DeviceDirection = (typeof DEVICE_DIRECTIONS)[number];

export const DEVICE_NAME_MAX_LENGTH = 60;
export const DEVICE_LOCATION_MAX_LENGTH = 100;
/** A device is shown offline when its last heartbeat is older than this. */
export const DEVICE_OFFLINE_AFTER_SECONDS = 120;
/** Scan ids are made by the device (a UUID is best); at most this long. */
export const SCAN_ID_MAX_LENGTH = 64;
/** The most scans one offline upload may carry (a device sends its queue in chunks of this size). */
export const MAX_SCANS_PER_UPLOAD = 500;

export const ZDeviceId = z.uuid(code('DEVICE_NOT_FOUND'));
/** `GET /apis/hardware/v1/photos/<ticketId>`: a malformed id is refused like a ticket the device did not scan. */
export const ZPhotoTicketId = z.uuid(code('DEVICE_PHOTO_NOT_ALLOWED'));

export const ZDeviceInput = z.object({
  name: plainText('DEVICE_NAME_INVALID').trim().min(1, code('DEVICE_NAME_INVALID')).max(DEVICE_NAME_MAX_LENGTH, code('DEVICE_NAME_INVALID')),
  location: plainText('DEVICE_LOCATION_INVALID').trim().min(1, code('DEVICE_LOCATION_INVALID')).max(DEVICE_LOCATION_MAX_LENGTH, code('DEVICE_LOCATION_INVALID')),
  kind: z.enum(DEVICE_KINDS),
  direction: z.enum(DEVICE_DIRECTIONS).default('ENTRY'),
  /** Show days it admits on (YYYY-MM-DD); empty: every show day. */
  days: z.array(z.iso.date(code('DEVICE_DAYS_INVALID'))).transform((days) => [...new Set(days)].sort()),
  ticketKinds: z
    .array(z.enum(TICKET_KINDS))
    .min(1, code('DEVICE_KINDS_REQUIRED'))
    .transform((kinds) => [...new Set(kinds)].sort()),
});
export type TDeviceInput = z.output<typeof ZDeviceInput>;

/** A scan id: visible ASCII (no space, no control character), 1–64 characters; a UUID is best. */
const SCAN_ID_SHAPE = /^[\x21-\x7E]+$/;
/** The most characters of a QR text the API takes (a ticket QR has about 250). */
export const QR_TEXT_MAX_LENGTH = 2000;
/**
 * The device clocks the API takes (a scan's `at`, a heartbeat's `clock`): from 1970 (a gate whose battery died
 * says 1970, and its queue must still be delivered) to before 3000; inside these, the server judges the time.
 */
export const DEVICE_TIME_RANGE = { from: '1970-01-01T00:00:00.000Z', until: '3000-01-01T00:00:00.000Z' } as const;
/** The largest `queuedScans` a heartbeat may report (a PostgreSQL integer). */
export const MAX_QUEUED_SCANS = 2 ** 31 - 1;

/** Text without control characters nor lone surrogates (PostgreSQL stores neither). */
function deviceText(error: ErrorCode, maxLength: number) {
  return z
    .string(code(error))
    .min(1, code(error))
    .max(maxLength, code(error))
    .refine((value) => !hasLoneSurrogates(value) && !hasControlCharacters(value), code(error));
}

/** An ISO 8601 instant with an offset, within DEVICE_TIME_RANGE. */
function deviceTime(error: ErrorCode) {
  const from = Date.parse(DEVICE_TIME_RANGE.from);
  const until = Date.parse(DEVICE_TIME_RANGE.until);
  return z.iso.datetime({ offset: true, ...code(error) }).refine((value) => {
    const at = Date.parse(value);
    return at >= from && at < until;
  }, code(error));
}

const ZScanId = z.string(code('DEVICE_SCAN_INVALID')).max(SCAN_ID_MAX_LENGTH, code('DEVICE_SCAN_INVALID')).regex(SCAN_ID_SHAPE, code('DEVICE_SCAN_INVALID'));
/** Any text a scanner read (a foreign QR is answered BAD_SIGNATURE, not refused). */
const ZQrText = deviceText('DEVICE_SCAN_INVALID', QR_TEXT_MAX_LENGTH);

/** `POST /apis/hardware/v1/scan`: one scan, answered at once. */
export const ZOnlineScan = z.object({ scanId: ZScanId, qr: ZQrText }, code('DEVICE_SCAN_INVALID'));

/** `POST /apis/hardware/v1/scans`: scans made offline, with the device's own scan time. */
export const ZOfflineScans = z.object(
  {
    scans: z
      .array(
        z.object(
          {
            scanId: ZScanId,
            qr: ZQrText,
            at: deviceTime('DEVICE_SCAN_INVALID'),
            /** What the device decided offline: an admitted person is inside, whatever the record says now. */
            admitted: z.boolean(code('DEVICE_SCAN_INVALID')),
          },
          code('DEVICE_SCAN_INVALID'),
        ),
        code('DEVICE_SCAN_INVALID'),
      )
      .min(1, code('DEVICE_SCAN_INVALID'))
      .max(MAX_SCANS_PER_UPLOAD, code('DEVICE_SCAN_INVALID')),
  },
  code('DEVICE_SCAN_INVALID'),
);

/** A feed version: a whole number a JavaScript number holds exactly (the sequence behind it is a bigint). */
const ZFeedVersion = (error: ErrorCode) => z.number(code(error)).int(code(error)).min(0, code(error)).max(Number.MAX_SAFE_INTEGER, code(error));

/** `POST /apis/hardware/v1/heartbeat`: the device's clock and how far its feed is. */
export const ZHeartbeat = z.object(
  {
    clock: deviceTime('DEVICE_HEARTBEAT_INVALID'),
    feedVersion: ZFeedVersion('DEVICE_HEARTBEAT_INVALID').optional(),
    queuedScans: z
      .number(code('DEVICE_HEARTBEAT_INVALID'))
      .int(code('DEVICE_HEARTBEAT_INVALID'))
      .min(0, code('DEVICE_HEARTBEAT_INVALID'))
      .max(MAX_QUEUED_SCANS, code('DEVICE_HEARTBEAT_INVALID'))
      .optional(),
  },
  code('DEVICE_HEARTBEAT_INVALID'),
);

/** `GET /apis/hardware/v1/sync?since=<version>`: omitted means 0 (the full feed). */
export const ZFeedQuery = z.object(
  {
    since: z
      .string(code('DEVICE_FEED_VERSION_INVALID'))
      .regex(/^\d{1,16}$/, code('DEVICE_FEED_VERSION_INVALID'))
      .transform(Number)
      .pipe(ZFeedVersion('DEVICE_FEED_VERSION_INVALID'))
      .default(0),
  },
  code('DEVICE_FEED_VERSION_INVALID'),
);
