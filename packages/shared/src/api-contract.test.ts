import { describe, expect, it } from 'vitest';
import { apiResponseSchema, apiRouteOf } from './api-contract';
import { errorEnvelopeSchema } from './errors';
import { publishedRoadmapListSchema, roadmapSchema } from './roadmap-api';

describe('the api contract', () => {
  it('finds the route of a request as Fastify would: a fixed path before a parameter, with or without a trailing slash', () => {
    expect(apiRouteOf('GET', '/api/roadmap/published')).toBe('GET /api/roadmap/published');
    expect(apiRouteOf('GET', '/api/roadmap/r1')).toBe('GET /api/roadmap/:id');
    expect(apiRouteOf('GET', '/api/roadmap/r1/progress')).toBe('GET /api/roadmap/:id/progress');
    expect(apiRouteOf('POST', '/api/auth/')).toBe('POST /api/auth/');
    expect(apiRouteOf('GET', '/api/roadmap/')).toBe('GET /api/roadmap');
    expect(apiRouteOf('GET', '/api/user/notifications/notification-count/a%40b.co')).toBe(
      'GET /api/user/notifications/notification-count/:email',
    );
    expect(apiRouteOf('DELETE', '/api/roadmap/r1')).toBeUndefined();
    expect(apiRouteOf('GET', '/api/nowhere')).toBeUndefined();
  });

  it("names the route's schema for a success and the error envelope for a refusal", () => {
    expect(apiResponseSchema('GET /api/roadmap/:id', 200)).toBe(roadmapSchema);
    expect(apiResponseSchema('GET /api/roadmap/published', 200)).toBe(publishedRoadmapListSchema);
    expect(apiResponseSchema('GET /api/roadmap/:id', 404)).toBe(errorEnvelopeSchema);
    expect(apiResponseSchema('POST /api/roadmap', 200)).toBeUndefined();
  });
});
