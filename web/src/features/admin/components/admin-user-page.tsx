import { useParams } from 'react-router-dom';
import { AdminSectionPage } from './admin-section';

/** One user (god/users/{userId}). */
export function AdminUserPage() {
  const { userId = '' } = useParams();
  return <AdminSectionPage section="user" values={{ id: userId }} />;
}
