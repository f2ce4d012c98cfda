import { describe, expect, it } from 'vitest';
import { afterSignOutDestination, isRealWebsite } from './show-website';

describe('where sign-out leads', () => {
  it('a real website is the destination', () => {
    expect(afterSignOutDestination('https://www.cimamotor.com/', '/login')).toBe('https://www.cimamotor.com/');
    expect(isRealWebsite('https://expo.example-motors.cn/')).toBe(true);
  });

  it('no website, or one under a name reserved for examples, leads to the sign-in page', () => {
    for (const url of [null, undefined, '', 'https://www.example.com/', 'https://example.org', 'https://show.example.net/x', 'https://www.EXAMPLE.com./', 'https://expo.test/', 'https://a.example/', 'not a url']) {
      expect(afterSignOutDestination(url, '/login')).toBe('/login');
    }
  });
});
