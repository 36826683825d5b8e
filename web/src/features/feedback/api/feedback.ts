import { api } from '../../../lib/api-client';

/** `POST /feedback`: answers with the thank-you message in the interface language. */
export function sendFeedback(body: {
  message: string;
  page: string;
}): Promise<{ id: string; message: string }> {
  return api.post('/feedback', body);
}
