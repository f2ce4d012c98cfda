import { z } from 'zod';
import type { ErrorCode } from '../errors/error-codes';
import { requiredText } from '../submission/submission.schema';

const code = (value: ErrorCode) => ({ message: value });

/** What a motorcycle show's product listing is sorted by (docs/decisions/0409-catalog-products-banners.md). */
export const PRODUCT_CATEGORIES = ['MOTORCYCLE', 'SCOOTER', 'ELECTRIC', 'OFF_ROAD', 'ATV', 'ENGINE_PARTS', 'GEAR', 'ACCESSORIES', 'SERVICES', 'OTHER'] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];

export const PRODUCT_NAME_MAX_LENGTH = 100;
export const PRODUCT_DESCRIPTION_MAX_LENGTH = 2000;
export const PRODUCT_PHOTOS_MIN = 1;
export const PRODUCT_PHOTOS_MAX = 6;

export const ZSubmitProductInput = z.object({
  /** Absent for a new application; an edit names its own (not approved) application. */
  id: z.uuid(code('NOT_FOUND')).nullish(),
  nameZh: requiredText(PRODUCT_NAME_MAX_LENGTH),
  nameEn: requiredText(PRODUCT_NAME_MAX_LENGTH),
  category: z.enum(PRODUCT_CATEGORIES, code('PRODUCT_CATEGORY_INVALID')),
  descriptionZh: requiredText(PRODUCT_DESCRIPTION_MAX_LENGTH),
  descriptionEn: requiredText(PRODUCT_DESCRIPTION_MAX_LENGTH),
  photoIds: z
    .array(z.uuid(code('PRODUCT_PHOTOS_REQUIRED')), code('PRODUCT_PHOTOS_REQUIRED'))
    .min(PRODUCT_PHOTOS_MIN, code('PRODUCT_PHOTOS_REQUIRED'))
    .max(PRODUCT_PHOTOS_MAX, code('PRODUCT_PHOTOS_REQUIRED'))
    .refine((ids) => new Set(ids).size === ids.length, code('PRODUCT_PHOTOS_REQUIRED')),
});
export type TSubmitProductInput = z.output<typeof ZSubmitProductInput>;
