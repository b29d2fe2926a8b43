/** The screens of issue 32 (src/pages/admin/*.astro). */
export const DESK_PATHS = {
  templates: '/admin/templates',
  'first-contact': '/admin/first-contact',
  'team-report': '/admin/team-report',
  // Issue 45: the moderation of verified reviews.
  reviews: '/admin/reviews',
} as const;
