import type { Admin, LoginBody } from '@skillroute/shared/auth';
import { emailSchema, nameSchema, passwordSchema } from '@skillroute/shared/auth';
import { errorMessages } from '@skillroute/shared/errors';
import { z } from 'zod';
import type { AdminContext, ServiceContext } from '../../context/service-context';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/passwords';
import {
  endSignIn,
  openSession,
  revokeSessionFamily,
  rotateSession,
  sessionExpiredMessage,
  type ClientInfo,
  type SessionTokens,
} from '../../sessions/repository';
import { signAccessToken } from '../../lib/tokens';
import * as repository from './repository';

export const adminMessages = {
  wrongCredentials: 'Incorrect e-mail or password.',
  loggedOut: 'You have been logged out.',
} as const;

export interface AdminSignedIn {
  admin: Admin;
  tokens: SessionTokens;
}

/**
 * `POST /api/admin/login`. One answer for a wrong e-mail and a wrong password, after the same work (a dummy
 * hash is checked when there is no such admin), so neither says which admin e-mails exist.
 */
export async function signInAdmin(
  ctx: ServiceContext,
  adminJwtSecret: string,
  body: LoginBody,
  client: ClientInfo,
): Promise<AdminSignedIn> {
  const row = await repository.findAdminByEmail(ctx.db, body.email);
  const passwordOk = row
    ? await verifyPassword(row.passwordHash, body.password)
    : await verifyAgainstDummy(body.password);
  if (row === undefined || !passwordOk) throw new AppError('unauthorized', adminMessages.wrongCredentials);
  const tokens = await openSession(
    ctx.db,
    adminJwtSecret,
    { sub: row.id, email: row.email, role: 'admin' },
    client,
    ctx.clock.now(),
  );
  return { admin: { id: row.id, name: row.name, email: row.email }, tokens };
}

/** `POST /api/admin/refreshToken`: a rotated pair; a reused refresh token has already revoked its family (401). */
export async function refreshAdminSession(
  { db, clock }: ServiceContext,
  adminJwtSecret: string,
  refreshToken: string | undefined,
  client: ClientInfo,
): Promise<AdminSignedIn> {
  if (refreshToken === undefined || refreshToken === '')
    throw new AppError('unauthorized', sessionExpiredMessage);
  const now = clock.now();
  const rotated = await rotateSession(db, adminJwtSecret, 'admin', refreshToken, client, now);
  const admin =
    rotated.row.adminId === null ? undefined : await repository.findPublicAdmin(db, rotated.row.adminId);
  if (admin === undefined) {
    await revokeSessionFamily(db, rotated.row.familyId, now);
    throw new AppError('unauthorized', sessionExpiredMessage);
  }
  const accessToken = await signAccessToken(
    adminJwtSecret,
    'admin',
    { sub: admin.id, email: admin.email, role: 'admin', sid: rotated.row.id },
    now,
  );
  return { admin, tokens: { sessionId: rotated.row.id, accessToken, refreshToken: rotated.refreshToken } };
}

/** `POST /api/admin/logout`: ends the sign-in named by the cookies and drops its sockets, as a user's logout does. */
export async function signOutAdmin(
  ctx: ServiceContext,
  adminJwtSecret: string,
  cookies: { refreshToken: string | undefined; accessToken: string | undefined },
): Promise<void> {
  const ended = await endSignIn(ctx.db, 'admin', adminJwtSecret, cookies, ctx.clock.now());
  for (const family of ended) ctx.sockets.disconnectSession(family);
}

/** `GET /api/admin/me`. */
export async function currentAdmin(ctx: AdminContext): Promise<Admin> {
  const admin = await repository.findPublicAdmin(ctx.db, ctx.admin.id);
  if (admin === undefined) throw new AppError('unauthorized', errorMessages.unauthorized);
  return admin;
}

export const DEFAULT_ADMIN_NAME = 'Admin';

/** The input of `npm run admin:create`, checked with the same rules as sign-up. */
export const adminAccountSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  /** Optional: a new admin is called "Admin", an existing one keeps their name. */
  name: nameSchema.optional(),
});
export type AdminAccountInput = z.input<typeof adminAccountSchema>;

/**
 * Creates an admin, or gives an existing one a new password (and name, when one is given); argon2id. Called by
 * the CLI and the demo seed, which run without an app, so it takes the database alone.
 */
export async function createOrUpdateAdmin(
  db: Database,
  input: AdminAccountInput,
): Promise<{ admin: Admin; created: boolean }> {
  const parsed = adminAccountSchema.safeParse(input);
  if (!parsed.success) {
    const errors = parsed.error.issues.map((issue) => ({
      message: issue.message,
      field: issue.path.join('.'),
    }));
    throw new AppError('bad_request', errors[0]?.message ?? errorMessages.badRequest, errors);
  }
  const { email, password, name } = parsed.data;
  return repository.upsertAdmin(db, {
    email,
    name,
    defaultName: DEFAULT_ADMIN_NAME,
    passwordHash: await hashPassword(password),
  });
}
