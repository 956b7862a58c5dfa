import { z } from 'zod';
import {
  FEEDBACK_MAX,
  FEEDBACK_MIN,
  isHttpUrl,
  LINK_TITLE_MAX,
  LINK_URL_MAX,
  NODE_CONTENT_DESCRIPTION_MAX,
  NODE_CONTENT_DESCRIPTION_MIN,
  NODE_CONTENT_TITLE_MAX,
  NODE_LABEL_MAX,
  NODE_LINKS_MAX,
  NODE_TYPES,
  POSITION_LIMIT,
  ROADMAP_DESCRIPTION_MAX,
  ROADMAP_DESCRIPTION_MIN,
  ROADMAP_TITLE_MAX,
  ROADMAP_TITLE_MIN,
  roadmapMessages,
} from './roadmap-rules';

/**
 * The fields of the roadmap forms and requests, as zod schemas built from the rules' limits and messages. Apart
 * from roadmap-rules.ts so that a page needing only a rule (the reader's status label, the can-edit check)
 * does not load zod.
 */

/** A link a reader will click: only http and https, so a `javascript:` or `data:` URL never becomes a link. */
export const httpUrlSchema = z
  .string({ error: roadmapMessages.linkFieldRequired })
  .trim()
  .min(1, roadmapMessages.linkFieldRequired)
  .max(LINK_URL_MAX, 'The web address is too long')
  .refine((value) => isHttpUrl(value), roadmapMessages.linkUrlInvalid);

export const nodeLinkSchema = z.object({
  title: z
    .string({ error: roadmapMessages.linkFieldRequired })
    .trim()
    .min(1, roadmapMessages.linkFieldRequired)
    .max(LINK_TITLE_MAX, 'The link title is too long'),
  url: httpUrlSchema,
});

/** The "Content & Links" form of a node (spec §2, §5). */
export const nodeContentSchema = z.object({
  title: z
    .string({ error: roadmapMessages.titleRequired })
    .trim()
    .min(1, roadmapMessages.titleRequired)
    .max(NODE_CONTENT_TITLE_MAX, `Title must not exceed ${NODE_CONTENT_TITLE_MAX} characters`),
  description: z
    .string({ error: roadmapMessages.descriptionMin })
    .trim()
    .min(NODE_CONTENT_DESCRIPTION_MIN, roadmapMessages.descriptionMin)
    .max(
      NODE_CONTENT_DESCRIPTION_MAX,
      `Description must not exceed ${NODE_CONTENT_DESCRIPTION_MAX} characters`,
    ),
  links: z.array(nodeLinkSchema).max(NODE_LINKS_MAX, roadmapMessages.linksMax),
});

/** The "New roadmap" form's fields. */
export const roadmapTitleSchema = z
  .string({ error: 'Title is required' })
  .trim()
  .min(ROADMAP_TITLE_MIN, `Title must be at least ${ROADMAP_TITLE_MIN} characters`)
  .max(ROADMAP_TITLE_MAX, `Title must not exceed ${ROADMAP_TITLE_MAX} characters`);
export const roadmapDescriptionSchema = z
  .string({ error: 'Description is required' })
  .trim()
  .min(ROADMAP_DESCRIPTION_MIN, `Description must be at least ${ROADMAP_DESCRIPTION_MIN} characters`)
  .max(ROADMAP_DESCRIPTION_MAX, `Description must not exceed ${ROADMAP_DESCRIPTION_MAX} characters`);

const coordinateSchema = z
  .number({ error: 'Position must be a number' })
  .finite()
  .min(-POSITION_LIMIT)
  .max(POSITION_LIMIT);
export const positionSchema = z.object({ x: coordinateSchema, y: coordinateSchema });
export const nodeTypeSchema = z.enum(NODE_TYPES, { error: 'Type must be topic or subtopic' });
export const colourSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Colour must be a hex colour like #fdff00');
export const nodeLabelSchema = z
  .string({ error: 'Label is required' })
  .trim()
  .min(1, 'Label is required')
  .max(NODE_LABEL_MAX, `Label must not exceed ${NODE_LABEL_MAX} characters`);

/** The admin's decision (spec §7 Admin). Rejection needs feedback of at least 5 characters (spec §5). */
export const feedbackSchema = z
  .string({ error: roadmapMessages.feedbackMin })
  .trim()
  .min(FEEDBACK_MIN, roadmapMessages.feedbackMin)
  .max(FEEDBACK_MAX, `Feedback must not exceed ${FEEDBACK_MAX} characters`);

export type NodeLink = z.infer<typeof nodeLinkSchema>;
export type NodeContent = z.infer<typeof nodeContentSchema>;
