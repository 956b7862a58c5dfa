// The home page's two parts, imported together by its route (../routes.tsx), so they make one chunk: `/` fetches
// one file instead of two, and brotli compresses them together (0.46 kB less than apart).
export { HomePage } from '@/features/home/pages/home-page';
export { HomeRoadmaps } from '@/features/roadmaps/components/home-roadmaps';
