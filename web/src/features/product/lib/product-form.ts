import { PRODUCT_PHOTOS_MAX, type ProductCategory, type TSubmitProductInput } from '@portal/shared/product/product.schema';
import type { PhotoValue } from '../../../components/photo-upload';
import type { ProductFieldsFragment } from '../../../graphql/operations.generated';

export interface ProductFormValues {
  nameZh: string;
  nameEn: string;
  category: ProductCategory | null;
  descriptionZh: string;
  descriptionEn: string;
  photos: PhotoValue[];
}

/** A new application opens empty, with no category chosen. */
export const EMPTY_PRODUCT: ProductFormValues = { nameZh: '', nameEn: '', category: null, descriptionZh: '', descriptionEn: '', photos: [] };

/** The form opens on an application's own fields, or empty for a new one. */
export function productInitialValues(product: ProductFieldsFragment | null | undefined): ProductFormValues {
  if (!product) return EMPTY_PRODUCT;
  const { nameZh, nameEn, category, descriptionZh, descriptionEn, photos } = product;
  return { nameZh, nameEn, category, descriptionZh, descriptionEn, photos: photos.map((photo) => ({ id: photo.id, url: photo.url })) };
}

/** The pictures' slots: the ones uploaded, then one empty slot while there is room and the form is open. */
export function photoSlots(photos: readonly PhotoValue[], disabled: boolean): Array<PhotoValue | null> {
  return photos.length < PRODUCT_PHOTOS_MAX && !disabled ? [...photos, null] : [...photos];
}

/** The pictures after the slot at `index` got `next` (a new or replaced picture) or was emptied (null: removed). */
export function withPhotoAt(photos: readonly PhotoValue[], index: number, next: PhotoValue | null): PhotoValue[] {
  return next ? [...photos.slice(0, index), next, ...photos.slice(index + 1)] : photos.filter((_photo, at) => at !== index);
}

/** What the form sends: the application's id when it changes one, the pictures by their ids in their order. */
export function productSubmitInput(id: string | undefined, { photos, category, ...values }: ProductFormValues): TSubmitProductInput {
  return { id: id ?? null, ...values, category: category ?? 'OTHER', photoIds: photos.map((photo) => photo.id) };
}
