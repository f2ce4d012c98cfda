import { describe, expect, it } from 'vitest';
import { ZActivationCodeListInput } from '@portal/shared/activation-code/activation-code.schema';
import { listInputOf, listSearchOf } from '../../../lib/list-state';

const read = (query: string) => listInputOf(ZActivationCodeListInput, new URLSearchParams(query));

describe('activation code list URL state', () => {
  it('opens on every code, first page, 20 a page, and writes nothing for it', () => {
    const input = read('');
    expect(input).toEqual({ filter: { status: null, batch: null, keyword: null }, page: 1, pageSize: 20 });
    expect(listSearchOf(ZActivationCodeListInput, input).toString()).toBe('');
  });

  it('round-trips the status, batch, keyword and paging under the export link’s names', () => {
    const search = new URLSearchParams({ status: 'UNUSED', batch: '2026-春季', keyword: 'AB', page: '7', pageSize: '100' });
    const input = read(search.toString());
    expect(input).toEqual({ filter: { status: 'UNUSED', batch: '2026-春季', keyword: 'AB' }, page: 7, pageSize: 100 });
    expect(listSearchOf(ZActivationCodeListInput, input).toString()).toBe(search.toString());
  });

  it('a malformed value takes its default', () => {
    expect(read('status=USED&page=0&pageSize=1000')).toEqual({ filter: { status: null, batch: null, keyword: null }, page: 1, pageSize: 20 });
  });
});
