import { useParams } from 'react-router-dom';
import { AdminSectionPage } from './admin-section';

/** Editing a user's profile as an admin (god/user/{id}). */
export function AdminUserProfilePage() {
  const { id = '' } = useParams();
  return <AdminSectionPage section="userProfile" values={{ id }} />;
}
