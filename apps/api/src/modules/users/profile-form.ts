import type { FastifyRequest } from 'fastify';
import { AVATAR_MAX_BYTES, avatarMessages } from '@skillroute/shared/auth';
import { AppError } from '../../lib/errors';
import { msg } from '@skillroute/shared/i18n/msg';

/** The multipart limits of `PUT /api/user/update`. */
export const profileFormLimits = {
  // A little above the avatar limit: a file up to here is read whole, so `processAvatar` answers with
  // the spec's size message; past it, reading stops at once with the same message.
  fileSize: AVATAR_MAX_BYTES + 512 * 1024,
  files: 1,
  fields: 4,
  fieldSize: 1024,
  parts: 5,
  headerPairs: 20,
};

export const AVATAR_FIELD = 'avatar';
const formUnreadable = msg('The form could not be read. Send userId with either a name or one avatar file.');

function tooLarge(): AppError {
  return new AppError('payload_too_large', avatarMessages.size, [
    { message: avatarMessages.size, field: AVATAR_FIELD },
  ]);
}

/** What the multipart reader throws, as the person should hear it; never a 500 for a bad form. */
function formError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  return new AppError('bad_request', formUnreadable);
}

/**
 * Reads the multipart form into a plain object (text fields as strings, the avatar as bytes) so the
 * route's zod schema can validate it like any JSON body. A field sent twice, or a file under any other
 * name, is refused rather than guessed at.
 */
export async function readProfileForm(request: FastifyRequest): Promise<Record<string, string | Buffer>> {
  const form: Record<string, string | Buffer> = {};
  try {
    for await (const part of request.parts({ limits: profileFormLimits })) {
      if (Object.hasOwn(form, part.fieldname))
        throw new AppError(
          'bad_request',
          msg('The field {field} was sent more than once.', { field: part.fieldname }),
          [{ message: msg('Send {field} once.', { field: part.fieldname }), field: part.fieldname }],
        );
      if (part.type === 'file') {
        if (part.fieldname !== AVATAR_FIELD)
          throw new AppError('bad_request', formUnreadable, [
            {
              message: msg('Send the image in the field "{field}".', { field: AVATAR_FIELD }),
              field: part.fieldname,
            },
          ]);
        form[part.fieldname] = await part.toBuffer();
      } else if (typeof part.value === 'string') {
        form[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    throw formError(error);
  }
  return form;
}
