import { AdminSectionPage } from './admin-section';

/** All users (god/users). */
export function AdminUsersPage() {
  return <AdminSectionPage section="users" />;
}
