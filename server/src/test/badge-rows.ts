let sequence = 0;

/** A minimal stored badge of the company, in the given state (the limit counts every one not rejected). */
export function badgeRow(exhibitorId: string, createdById: string, status: 'PENDING' | 'APPROVED' | 'REJECTED') {
  sequence += 1;
  const id = `${Date.now() % 1e6}${sequence}`;
  return {
    exhibitorId,
    createdById,
    status,
    name: '张三',
    namePinyin: 'Zhang San',
    countryCode: '+86',
    phoneNumber: `138${id.padStart(8, '0').slice(-8)}`,
    email: 'staff@example.com',
    idType: 'PASSPORT' as const,
    idNumber: `E${id}`,
    idNumberHash: `hash-${id}`,
    idNumberLast4: id.slice(-4),
    country: 'CN',
    deptName: '销售部',
    position: '经理',
    companyNameZh: '测试摩托',
    companyNameEn: 'Test Moto',
    truthConfirmedAt: new Date(),
    sensitiveConsentAt: new Date(),
  };
}
