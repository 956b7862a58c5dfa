import { users } from '../../db/schema';
import { cookieNames } from '../../lib/cookies';
import { openSession } from '../../sessions/service';
import type { TestApp } from '../../../test/helpers';

export interface SignedInUser {
  id: string;
  email: string;
  /** The Cookie header of a browser signed in as this user. */
  cookie: string;
}

/** A verified user with a live session, made the way sign-in makes them (a session row and a signed token). */
export async function signedInUser(
  testApp: TestApp,
  values: { name?: string; email: string },
): Promise<SignedInUser> {
  const [row] = await testApp.app.db
    .insert(users)
    .values({ name: values.name ?? 'Ada', email: values.email, verifiedAt: new Date() })
    .returning();
  if (row === undefined) throw new Error('inserting a test user returned no row');
  const tokens = await openSession(
    testApp.app.db,
    testApp.config.jwtSecret,
    { sub: row.id, email: row.email, role: row.role },
    { userAgent: 'vitest', ip: '127.0.0.1' },
    new Date(),
  );
  return { id: row.id, email: row.email, cookie: `${cookieNames.user.access}=${tokens.accessToken}` };
}

/** A multipart body as a browser's FormData would send it. */
export async function multipart(
  fields: Record<string, string | { bytes: Buffer; filename: string; type: string }>,
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([new Uint8Array(value.bytes)], { type: value.type }), value.filename);
  }
  const request = new Request('http://localhost/', { method: 'PUT', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}
