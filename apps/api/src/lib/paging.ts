/** The rows of a numbered page (pages count from 1): what the repositories' OFFSET and LIMIT take. */
export const pageWindow = (page: number, limit: number): { offset: number; limit: number } => ({
  offset: (page - 1) * limit,
  limit,
});
