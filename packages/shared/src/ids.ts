import { z } from 'zod';

/** Every id the api hands out is a uuid; a malformed one is a 400 with this message, never a database error. */
export const idSchema = z.uuid('Not a valid id');

/** What a create answers with. */
export const createdIdSchema = z.object({ id: z.string() });
export type CreatedId = z.infer<typeof createdIdSchema>;
