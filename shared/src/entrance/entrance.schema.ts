/**
 * Entrance devices (gates, handhelds, face terminals) as /wo/hardware/list registers them, and the
 * device API's request bodies (`/apis/hardware/v1/…`, docs/api.md).
 */
import { z } from 'zod';
import type { ErrorCode } from '../errors/error-codes';
import { plainText } from '../text';
import { TICKET_KINDS } from '../ticket/ticket.schema';

const code = (value: ErrorCode) => ({ message: value });

export const DEVICE_KINDS = ['GATE', 'HANDHELD', 'FACE_TERMINAL'] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];

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
  /** Show days it admits on (YYYY-MM-DD); empty: every show day. */
  days: z.array(z.iso.date(code('DEVICE_DAYS_INVALID'))).transform((days) => [...new Set(days)].sort()),
  ticketKinds: z
    .array(z.enum(TICKET_KINDS))
    .min(1, code('DEVICE_KINDS_REQUIRED'))
    .transform((kinds) => [...new Set(kinds)].sort()),
});
export type TDeviceInput = z.output<typeof ZDeviceInput>;

const ZScanId = z.string().trim().min(1, code('DEVICE_SCAN_INVALID')).max(SCAN_ID_MAX_LENGTH, code('DEVICE_SCAN_INVALID'));
const ZQrText = z.string().min(1, code('DEVICE_SCAN_INVALID')).max(2000, code('DEVICE_SCAN_INVALID'));

/** `POST /apis/hardware/v1/scan`: one scan, answered at once. */
export const ZOnlineScan = z.object({ scanId: ZScanId, qr: ZQrText });

/** `POST /apis/hardware/v1/scans`: scans made offline, with the device's own scan time. */
export const ZOfflineScans = z.object({
  scans: z
    .array(
      z.object({
        scanId: ZScanId,
        qr: ZQrText,
        at: z.iso.datetime({ offset: true, message: 'DEVICE_SCAN_INVALID' }),
        /** What the device decided offline: an admitted person is inside, whatever the record says now. */
        admitted: z.boolean(),
      }),
    )
    .min(1, code('DEVICE_SCAN_INVALID'))
    .max(MAX_SCANS_PER_UPLOAD, code('DEVICE_SCAN_INVALID')),
});

/** `POST /apis/hardware/v1/heartbeat`: the device's clock and how far its feed is. */
export const ZHeartbeat = z.object({
  clock: z.iso.datetime({ offset: true, message: 'DEVICE_SCAN_INVALID' }),
  feedVersion: z.number().int().min(0).optional(),
  queuedScans: z.number().int().min(0).optional(),
});
