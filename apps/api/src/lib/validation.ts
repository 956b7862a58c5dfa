import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import { findNulCharacter, NUL_CHARACTER_MESSAGE } from '@skillroute/shared/text';
import type { ZodType } from 'zod';

/**
 * The zod validator of every route, preceded by the rules that hold for every string of every request
 * (a NUL character is refused before any schema or query sees it), so no field can forget them.
 */
export const validatorCompiler: FastifySchemaCompiler<ZodType> = (route) => {
  const validate = zodValidatorCompiler(route);
  return (data) => {
    const nulAt = findNulCharacter(data);
    if (nulAt !== undefined) {
      // The shape Ajv reports, which the error envelope turns into `{message, field}`.
      return {
        error: [
          {
            keyword: 'nul',
            instancePath: nulAt.map((segment) => `/${segment}`).join(''),
            schemaPath: '',
            params: {},
            message: NUL_CHARACTER_MESSAGE,
          },
        ],
      } as unknown as ReturnType<typeof validate>;
    }
    return validate(data);
  };
};
