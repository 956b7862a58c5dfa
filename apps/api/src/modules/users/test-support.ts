import { createUser, signedInAs, type SignedInPerson } from '../../../test/accounts';
import type { TestApp } from '../../../test/helpers';

/** A verified user (no password) with a live session, made the way sign-in makes them. */
export async function signedInUser(
  testApp: TestApp,
  values: { name?: string; email: string },
): Promise<SignedInPerson> {
  const user = await createUser(testApp.app.db, { email: values.email, name: values.name ?? 'Ada' });
  return signedInAs(testApp.app.db, testApp.config.jwtSecret, user);
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
