import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AVATAR_MAX_MB,
  avatarMessages,
  profileMessages,
  profileUpdateResponseSchema,
  userResponseSchema,
  userUpdateFieldsSchema,
} from '@skillroute/shared/auth';
import { errorEnvelopeSchema } from '@skillroute/shared/errors';
import { AppError } from '../../lib/errors';
import { userOf } from '../../plugins/auth';
import { userContextOf } from '../../plugins/services';
import { AVATAR_FIELD, readProfileForm } from './profile-form';
import { assertOwnAccount, getOwnUser, updateProfile, type ProfileChange } from './service';

const profileUpdateBodySchema = userUpdateFieldsSchema.extend({
  [AVATAR_FIELD]: z
    .custom<Buffer>((value) => Buffer.isBuffer(value), { error: avatarMessages.missing })
    .optional()
    .meta({
      type: 'string',
      format: 'binary',
      description: `A .jpg, .jpeg, .png or .webp image up to ${AVATAR_MAX_MB} MB`,
    }),
});
const refusals = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
};

function changeOf(body: z.infer<typeof profileUpdateBodySchema>): ProfileChange {
  const changes = [body.name, body.avatar, body.timezone, body.locale].filter(
    (change) => change !== undefined,
  );
  if (changes.length > 1) throw new AppError('bad_request', profileMessages.oneChangeAtATime);
  if (body.name !== undefined) return { name: body.name };
  if (body.timezone !== undefined) return { timezone: body.timezone };
  if (body.locale !== undefined) return { locale: body.locale };
  if (body.avatar !== undefined) return { avatar: body.avatar };
  throw new AppError('bad_request', profileMessages.nothingToUpdate, [
    { message: avatarMessages.missing, field: AVATAR_FIELD },
  ]);
}

/** The signed-in user's own account, under /api/user (spec §7 "User"). */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  // Multipart is parsed in this plugin only: nowhere else does the api take files.
  await app.register(multipart);

  app.get(
    '/:id',
    {
      onRequest: app.requireUser,
      schema: {
        summary: "The signed-in user's account (only their own id)",
        tags: ['user'],
        params: z.object({ id: z.string() }),
        response: { 200: userResponseSchema, ...refusals },
      },
    },
    async (request) => ({ user: await getOwnUser(userContextOf(request), request.params.id) }),
  );

  app.put(
    '/update',
    {
      // Signed in before a byte of the upload is read; the form's owner checked before its contents.
      onRequest: app.requireUser,
      preValidation: async (request) => {
        if (!request.isMultipart()) return;
        const form = await readProfileForm(request);
        if (typeof form.userId === 'string') assertOwnAccount(userOf(request).id, form.userId);
        // Validated against the body schema right after this hook, like a JSON body.
        request.body = form as typeof request.body;
      },
      schema: {
        summary:
          'Rename, choose a time zone or a language, or change the avatar (multipart: userId plus name, timezone, locale or an avatar file)',
        tags: ['user'],
        consumes: ['multipart/form-data'],
        body: profileUpdateBodySchema,
        response: {
          200: profileUpdateResponseSchema,
          ...refusals,
          413: errorEnvelopeSchema,
          415: errorEnvelopeSchema,
          // The file store cannot take the avatar just now.
          503: errorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      const ctx = userContextOf(request);
      // JSON bodies (a rename without a form) reach here without the multipart check above.
      assertOwnAccount(ctx.user.id, request.body.userId);
      return updateProfile(ctx, changeOf(request.body));
    },
  );
};
