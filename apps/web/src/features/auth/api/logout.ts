// POST /api/v1/Auth/Logout: ends the signed-in session on the server.
import { request } from '../../../lib/http';

export async function logout(): Promise<void> {
  await request<null>('/api/v1/Auth/Logout', { method: 'POST' });
}
