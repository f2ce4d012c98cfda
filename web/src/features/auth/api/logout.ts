import { request } from '../../../lib/request';

/** POST /apis/auth/logout; a failure is only logged (SPEC 8). */
export async function logout(): Promise<void> {
  try {
    await request('/auth/logout', { method: 'POST' });
  } catch (error) {
    console.error('logout failed', error);
  }
}
