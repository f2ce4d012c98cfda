import type { GateDevice } from '../ticket/ticket.models';
import type { devices, deviceScans } from './entrance.tables';

export type DeviceRow = typeof devices.$inferSelect;
export type NewDeviceScan = typeof deviceScans.$inferInsert;

/** Scans of one Beijing hour of today (GraphQL `HourlyScans`). */
export interface HourlyScansModel {
  hour: number;
  admitted: number;
  denied: number;
}

/** A device as /wo/hardware/list shows it: the row and today's figures from its scan log. */
export interface EntranceDeviceModel extends DeviceRow {
  scansToday: HourlyScansModel[];
  conflictsToday: number;
}

/** A new token, returned once (only its hash is stored). */
export interface IssuedDeviceTokenModel {
  device: EntranceDeviceModel;
  token: string;
}

/** The device a call's token names: what the ticket module decides with. */
export type AuthenticatedDevice = GateDevice;

/** A scan as the device API receives it: online (now) or uploaded from the device's offline queue. */
export interface DeviceScanInput {
  scanId: string;
  qr: string;
  at: Date;
  offline: boolean;
  /** What the device decided offline. */
  deviceAdmitted?: boolean;
}

/** A scan answer's JSON text as it was first sent: a retried scan id gets these very bytes again. */
export type ScanAnswerJson = string;
