import type { IdType } from '../application/id-number';

/**
 * The first two digits of a mainland resident ID (GB/T 2260): the province, autonomous region or
 * municipality that issued it. 81–83 are the residence permits of Hong Kong, Macao and Taiwan residents,
 * which carry the mainland ID's format.
 */
export const PROVINCE_CODES = [
  '11', '12', '13', '14', '15', '21', '22', '23', '31', '32', '33', '34', '35', '36', '37', '41', '42', '43', '44', '45', '46',
  '50', '51', '52', '53', '54', '61', '62', '63', '64', '65', '71', '81', '82', '83',
] as const;

/** The other ID documents: the region is the document's kind (no country is collected). */
export const DOCUMENT_REGIONS = ['PASSPORT', 'HK_MACAO_PERMIT', 'TAIWAN_PERMIT', 'FOREIGNER_PERMANENT_RESIDENCE'] as const satisfies readonly Exclude<IdType, 'MAINLAND_ID'>[];

/**
 * A holder's region as the gate's ledger keeps it (docs/decisions/0540): `CN-<two digits>` for a mainland
 * ID whose first two digits name a province; else the holder's country where one is stored (a badge's ISO
 * 3166-1 code), else the ID document's kind; null when unknown (no ID, an unknown prefix). Coarse on purpose:
 * it names no one.
 */
export function regionOfId(idType: IdType | null | undefined, idNumber: string | null | undefined, country?: string | null): string | null {
  if (!idType) return null;
  if (idType !== 'MAINLAND_ID') return country && /^[A-Z]{2}$/.test(country) ? country : idType;
  const prefix = idNumber?.trim().slice(0, 2) ?? '';
  return (PROVINCE_CODES as readonly string[]).includes(prefix) ? `CN-${prefix}` : null;
}

/** The room's figures are grouped by this many minutes. */
export const ROOM_BUCKET_MINUTES = 10;
/** A gate with no scan for this long, while it is a show day and the gates are open, is called silent. */
export const SILENT_GATE_MINUTES = 5;
/** A device clock further off than this is called drifting. */
export const CLOCK_DRIFT_ALERT_MS = 30_000;
/** The window of the refusal alert, and its threshold: refusals above this share of at least `REFUSAL_MIN_SCANS` scans. */
export const REFUSAL_WINDOW_MINUTES = 5;
export const REFUSAL_ALERT_SHARE = 0.3;
export const REFUSAL_MIN_SCANS = 10;
/** The gates' opening hours (Beijing time) in which a silent gate is an alert. */
export const GATE_OPEN_HOUR = 8;
export const GATE_CLOSE_HOUR = 18;

export type RoomAlert =
  | { kind: 'SILENT_GATE'; deviceId: string; gate: string; minutes: number | null }
  | { kind: 'CLOCK_DRIFT'; deviceId: string; gate: string; offsetMs: number }
  | { kind: 'REFUSAL_SPIKE'; deviceId: string; gate: string; refused: number; scans: number };

/** The live entrance room's figures for one show day (Beijing), the same for every viewer. */
export interface RoomSnapshot {
  day: string;
  /** Whether today is a show day. */
  showDay: boolean;
  generatedAt: string;
  gates: { deviceId: string | null; gate: string; direction: 'ENTRY' | 'EXIT' }[];
  /** Admissions per gate and 10-minute bucket (`slot`: minutes since midnight, Beijing). */
  buckets: { deviceId: string | null; gate: string; slot: number; entries: number; reEntries: number }[];
  /** Unique visitors (the day's first entries) and re-entries. */
  visitors: number;
  reEntries: number;
  /** Exits recorded by exit devices; `inside` is null when no device records exits. */
  exits: number;
  inside: number | null;
  /** Today's unique visitors by region (`regionOfId`; null: unknown). */
  regions: { region: string | null; visitors: number }[];
  alerts: RoomAlert[];
}
