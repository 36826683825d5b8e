import Alert from '@mui/material/Alert';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router-dom';
import { showAlert } from '../../../lib/alerts';
import { companiesQueryKey, updateCompany } from '../api/companies';
import { CompanyDetailsForm } from './company-details-form';
import type { CompanyOutletContext } from './company-layout';

/**
 * Company details (app/company/details): admins edit them, members read them. Edits not yet saved are
 * guarded by the company layout: another tab, page or company asks first.
 */
export function CompanyDetailsPage() {
  const { t } = useTranslation('companies');
  const { company, setUnsavedChanges } = useOutletContext<CompanyOutletContext>();
  const queryClient = useQueryClient();
  const isAdmin = company.role === 'admin';
  // Once the page is left (after the question), nothing unsaved is left to guard.
  useEffect(() => () => setUnsavedChanges(false), [setUnsavedChanges]);
  return (
    <>
      {!isAdmin && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('details.adminsOnly')}
        </Alert>
      )}
      <CompanyDetailsForm
        key={company.id}
        initial={company}
        readOnly={!isAdmin}
        submitLabel={t('details.save')}
        onDirtyChange={setUnsavedChanges}
        onSubmit={async (details) => {
          const { message } = await updateCompany(company.id, details);
          await queryClient.invalidateQueries({ queryKey: companiesQueryKey });
          showAlert(message, 'success');
        }}
      />
    </>
  );
}
