import { describe, expect, it } from 'vitest';
import { submissionExportHref } from './submission-export';

describe('a filing queue’s export', () => {
  it('carries the filters set, and not the paging', () => {
    expect(submissionExportHref('products', { filter: { status: 'PENDING', submittedFrom: '2027-03-01', submittedTo: '2027-03-31' }, page: 3, pageSize: 50 })).toBe(
      '/apis/files/exports/products.xlsx?status=PENDING&submittedFrom=2027-03-01&submittedTo=2027-03-31',
    );
  });

  it('leaves out the filters not set, and the question mark when none is', () => {
    expect(submissionExportHref('catalog', { filter: { status: null, exhibitorId: 'b9d3f1a0-0000-4000-8000-000000000001', submittedFrom: undefined } })).toBe(
      '/apis/files/exports/catalog.xlsx?exhibitorId=b9d3f1a0-0000-4000-8000-000000000001',
    );
    expect(submissionExportHref('banners', { filter: { status: null } })).toBe('/apis/files/exports/banners.xlsx');
    expect(submissionExportHref('products', {})).toBe('/apis/files/exports/products.xlsx');
  });
});
