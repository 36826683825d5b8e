import { AdminSectionPage } from './admin-section';

/** Feedback from users (god/feedback). */
export function AdminFeedbackPage() {
  return <AdminSectionPage section="feedback" />;
}
