import { AdminSectionPage } from './admin-section';

/** Terms versions (god/terms). */
export function AdminTermsPage() {
  return <AdminSectionPage section="terms" />;
}
