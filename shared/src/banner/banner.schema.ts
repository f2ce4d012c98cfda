import { z } from 'zod';
import type { ErrorCode } from '../errors/error-codes';
import { ZWebUrl, requiredText } from '../submission/submission.schema';

const code = (value: ErrorCode) => ({ message: value });

export const BANNER_TITLE_MAX_LENGTH = 60;
export const PLACEMENT_NAME_MAX_LENGTH = 60;
export const PLACEMENT_SIZE_MAX_LENGTH = 40;

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

/** The organizers' list of placements: add one (no id) or rename / resize / close one. */
export const ZSaveBannerPlacementInput = z.object({
  id: z.uuid(code('NOT_FOUND')).nullish(),
  nameZh: requiredText(PLACEMENT_NAME_MAX_LENGTH),
  nameEn: requiredText(PLACEMENT_NAME_MAX_LENGTH),
  /** What the picture should measure, as printed for the exhibitor ("1920×600 px"). */
  size: requiredText(PLACEMENT_SIZE_MAX_LENGTH),
  active: z.boolean(),
});
export type TSaveBannerPlacementInput = z.output<typeof ZSaveBannerPlacementInput>;
