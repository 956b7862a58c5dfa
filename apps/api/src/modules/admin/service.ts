import type { Admin, LoginBody } from '@skillroute/shared/auth';
import { emailSchema, nameSchema, passwordSchema } from '@skillroute/shared/auth';
import { errorMessages } from '@skillroute/shared/errors';
import { z } from 'zod';
import type { AdminContext, ServiceContext } from '../../context/service-context';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import type { ClientInfo } from '../../sessions/repository';
import { checkCredentials, openSession, refreshSession, type SessionTokens } from '../../sessions/service';
import * as repository from './repository';

export interface AdminSignedIn {
  admin: Admin;
  tokens: SessionTokens;
}

/** `POST /api/admin/login`: the password is checked as a user's is (`checkCredentials`), then a session opens. */
export async function signInAdmin(
  ctx: ServiceContext,
  input: { body: LoginBody; client: ClientInfo },
): Promise<AdminSignedIn> {
  const { body, client } = input;
  const row = await checkCredentials(await repository.findAdminByEmail(ctx.db, body.email), body.password);
  const tokens = await openSession(
    ctx.db,
    ctx.settings.adminJwtSecret,
    { sub: row.id, email: row.email, role: 'admin' },
    client,
    ctx.clock.now(),
  );
  return { admin: { id: row.id, name: row.name, email: row.email }, tokens };
}

/** `POST /api/admin/refreshToken`: a rotated pair; a reused refresh token has already revoked its family (401). */
export async function refreshAdminSession(
  ctx: ServiceContext,
  input: { refreshToken: string | undefined; client: ClientInfo },
): Promise<AdminSignedIn> {
  const { owner, tokens } = await refreshSession(ctx, {
    audience: 'admin',
    ...input,
    ownerOf: async (row) => {
      const admin = row.adminId === null ? undefined : await repository.findPublicAdmin(ctx.db, row.adminId);
      return admin === undefined
        ? undefined
        : { owner: admin, claims: { sub: admin.id, email: admin.email, role: 'admin' as const } };
    },
  });
  return { admin: owner, tokens };
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
