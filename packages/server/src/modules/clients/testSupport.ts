import type { FastifyInstance } from 'fastify';
import { basicAuth, SECOND } from '../../testing/harness';

/** Signs owner@second.test in to the second agency: the other tenant of the tenancy tests. */
export async function signInSecond(app: FastifyInstance): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth',
    headers: { authorization: basicAuth('owner@second.test') },
    payload: { account: SECOND as string },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in to the second agency failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { token: string }).token;
}
