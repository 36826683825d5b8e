import Button from '@mui/material/Button';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

// The form and its texts load when the button is pressed: the public profile stays a light, server-rendered
// page.
const InquiryDialog = lazy(() =>
  import('../../../components/ui/inquiry-dialog').then((module) => ({ default: module.InquiryDialog })),
);

/**
 * 'Contact the consultant' for those without direct contact (visitors, users without premium): the contact
 * form, sent with the consultant's id, so the operators know whom the inquiry is about and pass it on.
 */
export function ContactConsultantButton({ consultantId }: { consultantId: string }) {
  const { t } = useTranslation('profiles');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="contained" onClick={() => setOpen(true)} data-testid="profile-contact-form">
        {t('view.contact')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <InquiryDialog open={open} onClose={() => setOpen(false)} consultantId={consultantId} />
        </Suspense>
      )}
    </>
  );
}
