import { createElement, type ComponentType } from 'react';
import {
  createBrowserRouter,
  redirect,
  type HydrationState,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router-dom';
import { PageSpinner } from '../components/ui/page-spinner';
import type { TermsKind } from '../features/legal/api/current-terms';
import { VOCABULARY_KINDS } from '../lib/paths';
import {
  appIndexLoader,
  connectRouter,
  dashboardLoader,
  languageLoader,
  languageRedirectLoader,
  redirectLoggedIn,
  redirectToCanonical,
  requireAdmin,
  requireAuth,
  requireUnverified,
  requireVerified,
} from './guards';
import { isLazyPage, lazyPage } from './lazy-page';
import { BareLayout, PublicLayout } from './layouts/public-layout';
import { RootLayout } from './layouts/root-layout';
import { NotFoundPage } from './routes/not-found-page';
import { RouteError } from './routes/route-error';

// Every route of spec section 2 under /:lang. Pages are code-split per route (React.lazy); the public layout
// ships with the first script, the app and admin layouts load with their first page. Guards are loaders and
// run on every navigation (`shouldRevalidate`), so the token is checked each time.

const always = () => true;
const el = (component: ComponentType) => createElement(component);

/**
 * The loader of a legal page (tos-users, privacy-policy, cookies), fetched with its first use rather than in the
 * first script, which every page loads (the search route's script budget, issue 20).
 */
const legalLoader =
  (kind: TermsKind) =>
  async (args: LoaderFunctionArgs): Promise<unknown> =>
    (await import('../features/legal/legal-document-loader')).legalDocumentLoader(kind)(args);

/** The loader of the pages that state prices (home, faq): the prices in force, fetched with its first use. */
const pricesLoader = async (args: LoaderFunctionArgs): Promise<unknown> =>
  (await import('../lib/public-prices')).publicPricesLoader(args);

const AppLayout = lazyPage(() => import('./layouts/app-layout'), 'AppLayout');
const AdminLayout = lazyPage(() => import('./layouts/admin-layout'), 'AdminLayout');

// Public area
const LandingPage = lazyPage(() => import('../features/landing/components/landing-page'), 'LandingPage');
const loadSearchPage = () => import('../features/search/components/search-page');
const SearchPage = lazyPage(loadSearchPage, 'SearchPage');
const InnerSearchPage = lazyPage(loadSearchPage, 'InnerSearchPage');
/** The search is the most visited page: its code downloads while the guards run, not after them. */
const withSearchPage =
  <T,>(loader: (args: LoaderFunctionArgs) => T) =>
  (args: LoaderFunctionArgs) => {
    void loadSearchPage();
    return loader(args);
  };
const LoginPage = lazyPage(() => import('../features/auth/components/login-page'), 'LoginPage');
const PartnerLoginPage = lazyPage(
  () => import('../features/auth/components/partner-login-page'),
  'PartnerLoginPage',
);
const AccountRemovedPage = lazyPage(
  () => import('../features/auth/components/account-removed-page'),
  'AccountRemovedPage',
);
const SetupPage = lazyPage(() => import('../features/auth/components/setup-page'), 'SetupPage');
const SetupSuccessPage = lazyPage(
  () => import('../features/auth/components/setup-success-page'),
  'SetupSuccessPage',
);
const VerifyEmailPage = lazyPage(
  () => import('../features/auth/components/verify-email-page'),
  'VerifyEmailPage',
);
const ResetPasswordPage = lazyPage(
  () => import('../features/auth/components/reset-password-page'),
  'ResetPasswordPage',
);
const SessionExpiredPage = lazyPage(
  () => import('../features/auth/components/session-expired-page'),
  'SessionExpiredPage',
);
const EmailChangePage = lazyPage(
  () => import('../features/settings/components/email-change-page'),
  'EmailChangePage',
);
const TermsOfUsePage = lazyPage(() => import('../features/legal/components/legal-pages'), 'TermsOfUsePage');
const PrivacyPolicyPage = lazyPage(
  () => import('../features/legal/components/legal-pages'),
  'PrivacyPolicyPage',
);
const CookiePolicyPage = lazyPage(
  () => import('../features/legal/components/legal-pages'),
  'CookiePolicyPage',
);
const DiscPage = lazyPage(() => import('../features/disc/components/disc-page'), 'DiscPage');
const FaqPage = lazyPage(() => import('../features/faq/components/faq-page'), 'FaqPage');
const PublicProfilePage = lazyPage(
  () => import('../features/profiles/components/public-profile-page'),
  'PublicProfilePage',
);
const ReferenceApprovalPage = lazyPage(
  () => import('../features/references/components/reference-approval-page'),
  'ReferenceApprovalPage',
);
const JoinCompanyPage = lazyPage(
  () => import('../features/companies/components/join-company-page'),
  'JoinCompanyPage',
);
const UnsubscribePage = lazyPage(
  () => import('../features/search/components/unsubscribe-page'),
  'UnsubscribePage',
);

// App area
const DashboardPage = lazyPage(
  () => import('../features/dashboard/components/dashboard-page'),
  'DashboardPage',
);
const OffersPage = lazyPage(() => import('../features/offers/components/offers-page'), 'OffersPage');
const InnerProfilePage = lazyPage(
  () => import('../features/profiles/components/inner-profile-page'),
  'InnerProfilePage',
);
const EditProfilePage = lazyPage(
  () => import('../features/profiles/components/edit-profile-page'),
  'EditProfilePage',
);
const AgreementsPage = lazyPage(
  () => import('../features/contracts/components/agreements-page'),
  'AgreementsPage',
);
const TimePage = lazyPage(() => import('../features/time/components/time-page'), 'TimePage');
const CompanyLayout = lazyPage(
  () => import('../features/companies/components/company-layout'),
  'CompanyLayout',
);
const CompanyDetailsPage = lazyPage(
  () => import('../features/companies/components/company-details-page'),
  'CompanyDetailsPage',
);
const CompanyMembersPage = lazyPage(
  () => import('../features/companies/components/company-members-page'),
  'CompanyMembersPage',
);
const CompanyProjectsPage = lazyPage(
  () => import('../features/companies/components/company-projects-page'),
  'CompanyProjectsPage',
);
const ContractsPage = lazyPage(
  () => import('../features/contracts/components/contracts-page'),
  'ContractsPage',
);
const SettingsLayout = lazyPage(
  () => import('../features/settings/components/settings-layout'),
  'SettingsLayout',
);
const SettingsAccountPage = lazyPage(
  () => import('../features/settings/components/settings-account-page'),
  'SettingsAccountPage',
);
const SettingsOptionsPage = lazyPage(
  () => import('../features/settings/components/settings-options-page'),
  'SettingsOptionsPage',
);
const SettingsPrivacyPage = lazyPage(
  () => import('../features/settings/components/settings-privacy-page'),
  'SettingsPrivacyPage',
);
const SettingsExportPage = lazyPage(
  () => import('../features/settings/components/settings-export-page'),
  'SettingsExportPage',
);
const SubscriptionPage = lazyPage(
  () => import('../features/subscriptions/components/subscription-page'),
  'SubscriptionPage',
);
const AssessmentPage = lazyPage(
  () => import('../features/assessment/components/assessment-page'),
  'AssessmentPage',
);
const BillingPage = lazyPage(() => import('../features/billing/components/billing-page'), 'BillingPage');
const BillPage = lazyPage(() => import('../features/billing/components/bill-page'), 'BillPage');

// Admin area
const AdminDashboardPage = lazyPage(
  () => import('../features/admin/components/admin-dashboard-page'),
  'AdminDashboardPage',
);
const AdminTermsPage = lazyPage(
  () => import('../features/admin/components/admin-terms-page'),
  'AdminTermsPage',
);
const AdminProfilePage = lazyPage(
  () => import('../features/profiles/components/admin-profile-page'),
  'AdminProfilePage',
);
const AdminOffersPage = lazyPage(
  () => import('../features/admin/components/admin-offers-page'),
  'AdminOffersPage',
);
const AdminCoachSlotsPage = lazyPage(
  () => import('../features/admin/components/admin-coach-slots-page'),
  'AdminCoachSlotsPage',
);
const AdminAuditPage = lazyPage(
  () => import('../features/admin/components/admin-audit-page'),
  'AdminAuditPage',
);
const AdminPricingPage = lazyPage(
  () => import('../features/admin/components/admin-pricing-page'),
  'AdminPricingPage',
);
const AdminBillsPage = lazyPage(
  () => import('../features/admin/components/admin-bills-page'),
  'AdminBillsPage',
);
const AdminUsersPage = lazyPage(
  () => import('../features/admin/components/admin-users-page'),
  'AdminUsersPage',
);
const AdminUserPage = lazyPage(() => import('../features/admin/components/admin-user-page'), 'AdminUserPage');
const AdminVocabularyPage = lazyPage(
  () => import('../features/admin/components/admin-vocabulary-page'),
  'AdminVocabularyPage',
);
const AdminFeedbackPage = lazyPage(
  () => import('../features/admin/components/admin-feedback-page'),
  'AdminFeedbackPage',
);

const toChild =
  (child: string) =>
  ({ params, request }: LoaderFunctionArgs) => {
    redirectToCanonical(request);
    return redirect(`/${params.lang}/${child}`);
  };

/** A guard route: its loader runs on every navigation. */
function guarded(loader: (args: LoaderFunctionArgs) => Promise<unknown>, route: RouteObject): RouteObject {
  return { ...route, loader, shouldRevalidate: always } as RouteObject;
}

export const routes: RouteObject[] = [
  { path: '/', loader: languageRedirectLoader },
  {
    path: '/:lang',
    loader: languageLoader,
    shouldRevalidate: always,
    element: el(RootLayout),
    errorElement: el(RouteError),
    hydrateFallbackElement: el(PageSpinner),
    children: [
      {
        element: el(PublicLayout),
        children: [
          {
            errorElement: el(RouteError),
            children: [
              { index: true, loader: toChild('search') },
              { path: 'home', loader: pricesLoader, element: el(LandingPage) },
              {
                path: 'search',
                loader: withSearchPage(redirectLoggedIn(() => '/app/search')),
                shouldRevalidate: always,
                element: el(SearchPage),
              },
              { path: 'login', element: el(LoginPage) },
              { path: 'auth/account/removed', element: el(AccountRemovedPage) },
              guarded(requireUnverified, { path: 'auth/setup', element: el(SetupPage) }),
              guarded(requireAuth, { path: 'auth/setup/success', element: el(SetupSuccessPage) }),
              { path: 'auth/reset-password', element: el(ResetPasswordPage) },
              { path: 'verify/email', element: el(VerifyEmailPage) },
              { path: 'account/email/change', element: el(EmailChangePage) },
              { path: 'session-expired', element: el(SessionExpiredPage) },
              { path: 'tos-users', loader: legalLoader('users'), element: el(TermsOfUsePage) },
              {
                path: 'privacy-policy',
                loader: legalLoader('privacy'),
                element: el(PrivacyPolicyPage),
              },
              { path: 'cookies', loader: legalLoader('cookies'), element: el(CookiePolicyPage) },
              { path: 'disc', element: el(DiscPage) },
              { path: 'faq', loader: pricesLoader, element: el(FaqPage) },
              {
                path: 'profile/:id',
                loader: redirectLoggedIn((params) => `/app/profile/${encodeURIComponent(params.id ?? '')}`),
                shouldRevalidate: always,
                element: el(PublicProfilePage),
              },
              { path: 'verify/reference/:token', element: el(ReferenceApprovalPage) },
              { path: 'verify/reference', element: el(ReferenceApprovalPage) },
              { path: 'join/:link', element: el(JoinCompanyPage) },
              // A weekly saved-search mail's unsubscribe link (not in the spec's route list).
              { path: 'unsubscribe', element: el(UnsubscribePage) },
              { path: '*', element: el(NotFoundPage) },
            ],
          },
        ],
      },
      {
        path: 'auth/giggly',
        element: el(BareLayout),
        children: [{ index: true, element: el(PartnerLoginPage), errorElement: el(RouteError) }],
      },
      guarded(requireVerified, {
        path: 'app',
        element: el(AppLayout),
        children: [
          {
            errorElement: el(RouteError),
            children: [
              { index: true, loader: appIndexLoader, shouldRevalidate: always },
              guarded(dashboardLoader, { path: 'dashboard', element: el(DashboardPage) }),
              { path: 'search', loader: withSearchPage(() => null), element: el(InnerSearchPage) },
              { path: 'offers', element: el(OffersPage) },
              { path: 'profile/:id', element: el(InnerProfilePage) },
              { path: 'agreements', element: el(AgreementsPage) },
              { path: 'time', element: el(TimePage) },
              {
                path: 'company',
                element: el(CompanyLayout),
                children: [
                  { index: true, loader: toChild('app/company/members') },
                  { path: 'details', element: el(CompanyDetailsPage) },
                  { path: 'members', element: el(CompanyMembersPage) },
                  { path: 'projects', element: el(CompanyProjectsPage) },
                ],
              },
              { path: 'contracts', element: el(ContractsPage) },
              { path: 'settings/export', element: el(SettingsExportPage) },
              {
                path: 'settings',
                element: el(SettingsLayout),
                children: [
                  { index: true, element: el(SettingsAccountPage) },
                  { path: 'options', element: el(SettingsOptionsPage) },
                  { path: 'privacy', element: el(SettingsPrivacyPage) },
                ],
              },
              { path: 'subscription', element: el(SubscriptionPage) },
              { path: 'assessment', element: el(AssessmentPage) },
              { path: 'user/billing', element: el(BillingPage) },
              { path: 'user/billing/:id', element: el(BillPage) },
              { path: 'edit-profile', element: el(EditProfilePage) },
              { path: '*', element: el(NotFoundPage) },
            ],
          },
        ],
      }),
      guarded(requireAdmin, {
        path: 'god',
        element: el(AdminLayout),
        children: [
          {
            errorElement: el(RouteError),
            children: [
              { index: true, loader: toChild('god/dashboard') },
              { path: 'dashboard', element: el(AdminDashboardPage) },
              { path: 'terms', element: el(AdminTermsPage) },
              { path: 'user/:id', element: el(AdminProfilePage) },
              { path: 'pricing', element: el(AdminPricingPage) },
              { path: 'bills', element: el(AdminBillsPage) },
              { path: 'users', element: el(AdminUsersPage) },
              { path: 'users/:userId', element: el(AdminUserPage) },
              ...VOCABULARY_KINDS.map((kind) => ({
                path: `vocabulary/${kind}`,
                element: el(AdminVocabularyPage),
              })),
              { path: 'vocabulary', loader: toChild('god/vocabulary/skills') },
              { path: 'feedback', element: el(AdminFeedbackPage) },
              { path: 'offers', element: el(AdminOffersPage) },
              { path: 'coach-slots', element: el(AdminCoachSlotsPage) },
              { path: 'audit', element: el(AdminAuditPage) },
              { path: '*', element: el(NotFoundPage) },
            ],
          },
        ],
      }),
    ],
  },
];

/**
 * Fetches the code of every lazy page (and layout) of the router's current matches, so that hydration finds
 * them loaded and renders the server's tree in one pass (see lazyPage). The router's own matches: matching the
 * address again (`matchRoutes`) ranks and compiles every route's pattern, ~10 ms of a phone's first task.
 */
export function preloadPages(router: ReturnType<typeof createBrowserRouter>): Promise<void> {
  const { matches } = router.state;
  return Promise.all(
    matches.map(({ route }) => {
      const type: unknown = (route.element as { type?: unknown } | null | undefined)?.type;
      return isLazyPage(type) ? type.preload() : undefined;
    }),
  ).then(() => undefined);
}

export function createAppRouter(options: { hydrationData?: HydrationState } = {}) {
  const router = createBrowserRouter(routes, options);
  connectRouter(router);
  return router;
}
