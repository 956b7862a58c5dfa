/** Spec §9: the canvas zooms from half size to double. */
export const ZOOM_LIMITS = { min: 0.5, max: 2 } as const;
