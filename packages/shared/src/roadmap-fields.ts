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
import { msg } from './i18n/msg';

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
  .max(LINK_URL_MAX, msg('The web address is too long'))
  .refine((value) => isHttpUrl(value), roadmapMessages.linkUrlInvalid);

export const nodeLinkSchema = z.object({
  title: z
    .string({ error: roadmapMessages.linkFieldRequired })
    .trim()
    .min(1, roadmapMessages.linkFieldRequired)
    .max(LINK_TITLE_MAX, msg('The link title is too long')),
  url: httpUrlSchema,
});

/** The "Content & Links" form of a node (spec §2, §5). */
export const nodeContentSchema = z.object({
  title: z
    .string({ error: roadmapMessages.titleRequired })
    .trim()
    .min(1, roadmapMessages.titleRequired)
    .max(
      NODE_CONTENT_TITLE_MAX,
      msg('Title must not exceed {max} characters', { max: NODE_CONTENT_TITLE_MAX }),
    ),
  description: z
    .string({ error: roadmapMessages.descriptionMin })
    .trim()
    .min(NODE_CONTENT_DESCRIPTION_MIN, roadmapMessages.descriptionMin)
    .max(
      NODE_CONTENT_DESCRIPTION_MAX,
      msg('Description must not exceed {max} characters', { max: NODE_CONTENT_DESCRIPTION_MAX }),
    ),
  links: z.array(nodeLinkSchema).max(NODE_LINKS_MAX, roadmapMessages.linksMax),
});

/** The "New roadmap" form's fields. */
export const roadmapTitleSchema = z
  .string({ error: msg('Title is required') })
  .trim()
  .min(ROADMAP_TITLE_MIN, msg('Title must be at least {min} characters', { min: ROADMAP_TITLE_MIN }))
  .max(ROADMAP_TITLE_MAX, msg('Title must not exceed {max} characters', { max: ROADMAP_TITLE_MAX }));
export const roadmapDescriptionSchema = z
  .string({ error: msg('Description is required') })
  .trim()
  .min(
    ROADMAP_DESCRIPTION_MIN,
    msg('Description must be at least {min} characters', { min: ROADMAP_DESCRIPTION_MIN }),
  )
  .max(
    ROADMAP_DESCRIPTION_MAX,
    msg('Description must not exceed {max} characters', { max: ROADMAP_DESCRIPTION_MAX }),
  );

const coordinateSchema = z
  .number({ error: msg('Position must be a number') })
  .finite()
  .min(-POSITION_LIMIT)
  .max(POSITION_LIMIT);
export const positionSchema = z.object({ x: coordinateSchema, y: coordinateSchema });
export const nodeTypeSchema = z.enum(NODE_TYPES, { error: msg('Type must be topic or subtopic') });
export const colourSchema = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, msg('Colour must be a hex colour like #fdff00'));
export const nodeLabelSchema = z
  .string({ error: msg('Label is required') })
  .trim()
  .min(1, msg('Label is required'))
  .max(NODE_LABEL_MAX, msg('Label must not exceed {max} characters', { max: NODE_LABEL_MAX }));

/** The admin's decision (spec §7 Admin). Rejection needs feedback of at least 5 characters (spec §5). */
export const feedbackSchema = z
  .string({ error: roadmapMessages.feedbackMin })
  .trim()
  .min(FEEDBACK_MIN, roadmapMessages.feedbackMin)
  .max(FEEDBACK_MAX, msg('Feedback must not exceed {max} characters', { max: FEEDBACK_MAX }));

export type NodeLink = z.infer<typeof nodeLinkSchema>;
export type NodeContent = z.infer<typeof nodeContentSchema>;
