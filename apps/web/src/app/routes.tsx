import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { selectCurrentUser } from '@/features/auth/auth-slice';
import { readRoadmapEarly } from '@/features/roadmaps/read-early';
import { GuestOnly, RequireAdmin, RequireUser } from './guards';
import { t } from '@/lib/i18n';
import { useAppSelector } from '@/lib/store-hooks';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

/** Nothing to show while the first page's code loads: spec §1 keeps the screen blank until ready. */
function BlankFallback() {
  return null;
}

/** When the layout itself fails there is no <main> around the message, so this one brings its own. */
function RootError() {
  return (
    <main id="main" className="flex min-h-dvh flex-col">
      <RouteError />
    </main>
  );
}

const home = async () => {
  const { HomePage, HomeRoadmaps } = await import('./pages/home');
  function Home() {
    const signedIn = useAppSelector(selectCurrentUser) !== null;
    return <HomePage signedIn={signedIn} roadmaps={<HomeRoadmaps signedIn={signedIn} />} />;
  }
  return { Component: Home };
};
const profileGeneral = async () => ({
  Component: (await import('@/features/profile/pages/profile-general-page')).ProfileGeneralPage,
});
const exploreMentors = async () => {
  const { ExploreMentorsPage } = await import('@/features/mentors/pages/explore-mentors-page');
  function ExploreMentors() {
    return <ExploreMentorsPage userId={useAppSelector(selectCurrentUser)?.id} />;
  }
  return { Component: ExploreMentors };
};
// The booking panel is under the profile's free hours, which load once the profile is on screen: it loads then too.
const loadBookingPanel = () => import('@/features/bookings/components/booking-panel');
const BookingPanel = lazy(async () => ({ default: (await loadBookingPanel()).BookingPanel }));
const startBookingPanel = () => void loadBookingPanel();
const mentorProfile = async () => {
  const [{ MentorProfilePage }, { NotFoundPage }] = await Promise.all([
    import('@/features/mentors/pages/mentor-profile-page'),
    import('./pages/not-found-page'),
  ]);
  function MentorProfile() {
    return (
      <MentorProfilePage
        notFound={<NotFoundPage title={t('We could not find this mentor.')} />}
        booking={(props) => <BookingPanel {...props} />}
        onPainted={startBookingPanel}
      />
    );
  }
  return { Component: MentorProfile };
};
const notFound = async () => ({ Component: (await import('./pages/not-found-page')).NotFoundPage });

/**
 * The route table (spec §2). Pages are lazy so each one is its own chunk and the home page stays small;
 * guards (./guards) wrap the sections that need them. The pages a visit most often starts on are also named,
 * with the modules their `lazy` imports, in vite.config.ts (`routePreloads`), which preloads them beside the entry.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RootError />,
    HydrateFallback: BlankFallback,
    children: [
      {
        index: true,
        errorElement: <RouteError />,
        lazy: home,
      },
      {
        path: 'roadmap/:id',
        errorElement: <RouteError />,
        // Runs beside the page's lazy code: the roadmap's JSON is read while the code loads, not after it.
        loader: ({ params }) => {
          readRoadmapEarly(params.id);
          return null;
        },
        lazy: async () => ({
          Component: (await import('@/features/roadmaps/pages/roadmap-page')).RoadmapPage,
        }),
      },
      { path: 'explore-mentors', errorElement: <RouteError />, lazy: exploreMentors },
      // Its own fixed header (./header-visibility).
      { path: 'mentor-profile/:mentorId', errorElement: <RouteError />, lazy: mentorProfile },
      {
        element: <GuestOnly />,
        errorElement: <RouteError />,
        children: [
          {
            path: 'login',
            lazy: async () => ({ Component: (await import('@/features/auth/pages/login-page')).LoginPage }),
          },
          {
            path: 'signup',
            lazy: async () => ({ Component: (await import('@/features/auth/pages/signup-page')).SignupPage }),
          },
          {
            path: 'forgot-password',
            lazy: async () => ({
              Component: (await import('@/features/auth/pages/forgot-password-page')).ForgotPasswordPage,
            }),
          },
          {
            path: 'reset-password',
            lazy: async () => ({
              Component: (await import('@/features/auth/pages/reset-password-page')).ResetPasswordPage,
            }),
          },
        ],
      },
      {
        element: <RequireUser />,
        errorElement: <RouteError />,
        children: [
          {
            path: 'profile',
            lazy: async () => ({
              Component: (await import('@/features/profile/pages/profile-layout')).ProfileLayout,
            }),
            children: [
              { index: true, lazy: profileGeneral },
              { path: 'general', lazy: profileGeneral },
              {
                path: 'roadmaps',
                lazy: async () => ({
                  Component: (await import('@/features/roadmaps/pages/profile-roadmaps-page'))
                    .ProfileRoadmapsPage,
                }),
              },
              {
                path: 'bookings',
                lazy: async () => ({
                  Component: (await import('@/features/bookings/pages/profile-bookings-page'))
                    .ProfileBookingsPage,
                }),
              },
              {
                path: 'earnings',
                lazy: async () => ({
                  Component: (await import('@/features/earnings/pages/profile-earnings-page'))
                    .ProfileEarningsPage,
                }),
              },
            ],
          },
          {
            // Full screen, without the header (./header-visibility).
            path: 'draw-roadmap/:id',
            lazy: async () => ({
              Component: (await import('@/features/roadmaps/pages/draw-roadmap-page')).DrawRoadmapPage,
            }),
          },
          {
            // The skill test, full screen without the header (./header-visibility).
            path: 'assessment/:id',
            lazy: async () => ({
              Component: (await import('@/features/assessment/pages/assessment-page')).AssessmentPage,
            }),
          },
          {
            // The video room, full screen without the header (./header-visibility).
            path: 'meet/:roomId',
            lazy: async () => ({ Component: (await import('@/features/meet/pages/meet-page')).MeetPage }),
          },
          {
            // Where a payment provider's checkout sends the payer back to.
            path: 'payment-success',
            lazy: async () => ({
              Component: (await import('@/features/bookings/pages/payment-success-page')).PaymentSuccessPage,
            }),
          },
          {
            path: 'notifications',
            lazy: async () => ({
              Component: (await import('@/features/notifications/pages/notifications-page'))
                .NotificationsPage,
            }),
          },
        ],
      },
      { path: '*', errorElement: <RouteError />, lazy: notFound },
    ],
  },
  {
    // The admin area has its own frame and session (spec §2, DESIGN.md §4).
    path: '/admin',
    lazy: async () => ({ Component: (await import('./admin-layout')).AdminLayout }),
    errorElement: <RootError />,
    HydrateFallback: BlankFallback,
    children: [
      {
        path: 'login',
        errorElement: <RouteError />,
        lazy: async () => ({
          Component: (await import('@/features/admin/pages/admin-login-page')).AdminLoginPage,
        }),
      },
      {
        element: <RequireAdmin />,
        errorElement: <RouteError />,
        children: [
          {
            index: true,
            lazy: async () => ({
              Component: (await import('@/features/admin/pages/admin-dashboard-page')).AdminDashboardPage,
            }),
          },
          {
            path: 'roadmap-management',
            lazy: async () => ({
              Component: (await import('@/features/roadmaps/pages/admin-roadmap-management-page'))
                .AdminRoadmapManagementPage,
            }),
          },
          {
            // Spelled as the spec gives the route.
            path: 'assessment-managment',
            lazy: async () => ({
              Component: (await import('@/features/assessment/pages/admin-stacks-page')).AdminStacksPage,
            }),
          },
          {
            path: 'user-management',
            lazy: async () => ({
              Component: (await import('@/features/admin/pages/admin-users-page')).AdminUsersPage,
            }),
          },
          {
            path: 'bookings',
            lazy: async () => ({
              Component: (await import('@/features/admin/pages/admin-bookings-page')).AdminBookingsPage,
            }),
          },
          {
            path: 'payouts',
            lazy: async () => ({
              Component: (await import('@/features/admin/pages/admin-payouts-page')).AdminPayoutsPage,
            }),
          },
          {
            path: 'audit',
            lazy: async () => ({
              Component: (await import('@/features/admin/pages/admin-audit-page')).AdminAuditPage,
            }),
          },
          {
            path: 'assessment-managment/:id',
            lazy: async () => ({
              Component: (await import('@/features/assessment/pages/admin-questions-page'))
                .AdminQuestionsPage,
            }),
          },
          { path: '*', lazy: notFound },
        ],
      },
    ],
  },
];
