import { z } from 'zod';
import type { ErrorCode } from '../errors/error-codes';
import { ZWebUrl, requiredText } from '../submission/submission.schema';
import { PLACEMENT_SIDE_MAX, PLACEMENT_SIDE_MIN } from './banner-size';

const code = (value: ErrorCode) => ({ message: value });

export const BANNER_TITLE_MAX_LENGTH = 60;
export const PLACEMENT_NAME_MAX_LENGTH = 60;

const placementSide = z
  .number(code('BANNER_PLACEMENT_SIZE_INVALID'))
  .int(code('BANNER_PLACEMENT_SIZE_INVALID'))
  .min(PLACEMENT_SIDE_MIN, code('BANNER_PLACEMENT_SIZE_INVALID'))
  .max(PLACEMENT_SIDE_MAX, code('BANNER_PLACEMENT_SIZE_INVALID'));

export const ZSubmitBannerInput = z.object({
  /** Absent for a new application; an edit names its own (not approved) application. */
  id: z.uuid(code('NOT_FOUND')).nullish(),
  title: requiredText(BANNER_TITLE_MAX_LENGTH),
  placementId: z.uuid(code('BANNER_PLACEMENT_INVALID')),
  pictureId: z.uuid(code('BANNER_PICTURE_REQUIRED')),
  /** Where a click on the banner leads (the exhibitor's site or product page). */
  linkUrl: ZWebUrl,
});
export type TSubmitBannerInput = z.output<typeof ZSubmitBannerInput>;

/** The organizers' list of placements: add one (no id) or rename / resize / close one; the size is the pictures' rule (banner-size.ts). */
export const ZSaveBannerPlacementInput = z.object({
  id: z.uuid(code('NOT_FOUND')).nullish(),
  nameZh: requiredText(PLACEMENT_NAME_MAX_LENGTH),
  nameEn: requiredText(PLACEMENT_NAME_MAX_LENGTH),
  /** What the picture must measure, in pixels. */
  width: placementSide,
  height: placementSide,
  active: z.boolean(),
});
export type TSaveBannerPlacementInput = z.output<typeof ZSaveBannerPlacementInput>;
