import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicConfigSchema } from '@skillroute/shared/auth';
import type { Config } from '../../config';

/** `GET /api/config`: the settings the browser needs before anyone signs in. Nothing secret. */
export const configRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const publicConfig = { googleClientId: config.google?.clientId ?? null };
  app.get(
    '/',
    {
      prefixTrailingSlash: 'no-slash',
      schema: {
        summary: 'Public settings (the Google client id, or null)',
        tags: ['config'],
        response: { 200: publicConfigSchema },
      },
    },
    async () => publicConfig,
  );
};
