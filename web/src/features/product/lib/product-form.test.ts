import { describe, expect, it } from 'vitest';
import { PRODUCT_PHOTOS_MAX } from '@portal/shared/product/product.schema';
import type { ProductFieldsFragment } from '../../../graphql/operations.generated';
import { EMPTY_PRODUCT, photoSlots, productInitialValues, productSubmitInput, withPhotoAt } from './product-form';

const photo = (n: number) => ({ id: `p${n}`, url: `/files/p${n}` });
const product: ProductFieldsFragment = {
  id: '0b7c2d1e-0000-4000-8000-000000000001',
  exhibitorId: 'x1',
  nameZh: '宗申 RX4',
  nameEn: 'Zongshen RX4',
  category: 'MOTORCYCLE',
  descriptionZh: '探险摩托车',
  descriptionEn: 'Adventure motorcycle',
  photos: [
    { id: 'p1', url: '/files/p1', extra: 1 } as ProductFieldsFragment['photos'][number],
    { id: 'p2', url: '/files/p2' },
  ],
  status: 'REJECTED',
  rejectReason: '图片模糊',
  submittedAt: '2027-03-01T02:00:00.000Z',
  statusHistory: [],
};

describe('the product application form', () => {
  it('opens a new application empty, with no category chosen', () => {
    expect(productInitialValues(null)).toEqual(EMPTY_PRODUCT);
    expect(EMPTY_PRODUCT.category).toBeNull();
    expect(EMPTY_PRODUCT.photos).toEqual([]);
  });

  it('opens an application on its own fields and its pictures as id and address', () => {
    expect(productInitialValues(product)).toEqual({
      nameZh: '宗申 RX4',
      nameEn: 'Zongshen RX4',
      category: 'MOTORCYCLE',
      descriptionZh: '探险摩托车',
      descriptionEn: 'Adventure motorcycle',
      photos: [photo(1), photo(2)],
    });
  });

  it('offers one empty slot after the pictures while there is room and the form is open', () => {
    expect(photoSlots([], false)).toEqual([null]);
    expect(photoSlots([photo(1), photo(2)], false)).toEqual([photo(1), photo(2), null]);
    const full = Array.from({ length: PRODUCT_PHOTOS_MAX }, (_item, index) => photo(index + 1));
    expect(photoSlots(full, false)).toEqual(full);
    expect(photoSlots([photo(1)], true)).toEqual([photo(1)]);
    expect(photoSlots([], true)).toEqual([]);
  });

  it('adds a picture in the empty slot, replaces one in place and closes the gap of a removed one', () => {
    const photos = [photo(1), photo(2), photo(3)];
    expect(withPhotoAt(photos, 3, photo(4))).toEqual([photo(1), photo(2), photo(3), photo(4)]);
    expect(withPhotoAt(photos, 1, photo(9))).toEqual([photo(1), photo(9), photo(3)]);
    expect(withPhotoAt(photos, 1, null)).toEqual([photo(1), photo(3)]);
    expect(photos).toEqual([photo(1), photo(2), photo(3)]);
  });

  it('sends the application’s id when it changes one, the pictures by id in their order', () => {
    const values = productInitialValues(product);
    expect(productSubmitInput(product.id, { ...values, photos: [photo(2), photo(1)] })).toEqual({
      id: product.id,
      nameZh: '宗申 RX4',
      nameEn: 'Zongshen RX4',
      category: 'MOTORCYCLE',
      descriptionZh: '探险摩托车',
      descriptionEn: 'Adventure motorcycle',
      photoIds: ['p2', 'p1'],
    });
    expect(productSubmitInput(undefined, { ...values, category: null })).toMatchObject({ id: null, category: 'OTHER' });
  });
});
