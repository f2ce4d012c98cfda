import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hmacSha1, hotp, rotatingCode, rotatingCodeMatches, rotatingQrText, splitQrText, windowEndsAt } from './rotating-code';

const rfcSecret = new TextEncoder().encode('12345678901234567890');
const rfcSecretHex = Buffer.from(rfcSecret).toString('hex');

describe('the rotating ticket code', () => {
  it('gives the HOTP values of RFC 4226, appendix D', () => {
    const expected = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489'];
    expect(expected.map((_, counter) => hotp(rfcSecret, counter))).toEqual(expected);
  });

  it('gives the SHA-1 TOTP values of RFC 6238, appendix B (8 digits, 30 s)', () => {
    const vectors: Array<[number, string]> = [
      [59, '94287082'],
      [1111111109, '07081804'],
      [1111111111, '14050471'],
      [1234567890, '89005924'],
      [2000000000, '69279037'],
      [20000000000, '65353130'],
    ];
    for (const [seconds, code] of vectors) expect(hotp(rfcSecret, Math.floor(seconds / 30), 8)).toBe(code);
  });

  it('computes HMAC-SHA1 as node:crypto does, for keys and messages of every block length', () => {
    for (const [keyLength, messageLength] of [[0, 0], [20, 8], [64, 55], [65, 56], [100, 64], [3, 130]] as const) {
      const key = randomBytes(keyLength);
      const message = randomBytes(messageLength);
      expect(Buffer.from(hmacSha1(key, message)).toString('hex')).toBe(createHmac('sha1', key).update(message).digest('hex'));
    }
  });

  it('accepts the current window and one either side, nothing further', () => {
    const at = Date.parse('2027-04-10T02:00:15Z');
    const period = 30;
    const codeAt = (ms: number) => rotatingCode(rfcSecretHex, ms, period);
    expect(rotatingCodeMatches(rfcSecretHex, codeAt(at), at, period)).toBe(true);
    expect(rotatingCodeMatches(rfcSecretHex, codeAt(at - 30_000), at, period)).toBe(true);
    expect(rotatingCodeMatches(rfcSecretHex, codeAt(at + 30_000), at, period)).toBe(true);
    expect(rotatingCodeMatches(rfcSecretHex, codeAt(at - 60_000), at, period)).toBe(false);
    expect(rotatingCodeMatches(rfcSecretHex, codeAt(at + 60_000), at, period)).toBe(false);
    expect(windowEndsAt(at, period)).toBe(Date.parse('2027-04-10T02:00:30Z'));
  });

  it('writes and reads the QR text of both shapes', () => {
    expect(splitQrText('body.sig')).toEqual({ token: 'body.sig', code: null });
    expect(splitQrText(rotatingQrText('body.sig', '012345'))).toEqual({ token: 'body.sig', code: '012345' });
    expect(splitQrText('body.sig.12')).toBeUndefined();
    expect(splitQrText('body')).toBeUndefined();
  });
});
