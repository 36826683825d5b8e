import { DRIVING_LICENCE_CLASSES } from '@mp/domain/value-lists';
import { useTranslation } from 'react-i18next';
import type { ProfileForm } from '../profile-form';
import { ChoiceChips } from './choice-chips';
import { EditSection } from './edit-section';
import { useLanguage } from '../../../lib/i18n';

interface DrivingLicencesSectionProps {
  drivingLicences: ProfileForm['drivingLicences'];
  onChange: (patch: Partial<ProfileForm>) => void;
}

/** Driving licence classes, shown as the class with what it allows. */
export function DrivingLicencesSection({ drivingLicences, onChange }: DrivingLicencesSectionProps) {
  const { t } = useTranslation('profiles');
  const language = useLanguage();
  return (
    <EditSection
      name="driving-licences"
      title={t('edit.drivingLicences.title')}
      description={t('edit.drivingLicences.description')}
    >
      <ChoiceChips
        label={t('edit.drivingLicences.title')}
        options={DRIVING_LICENCE_CLASSES.map((licence) => ({
          id: licence.id,
          label: `${licence.id} · ${licence.label[language]}`,
        }))}
        value={drivingLicences}
        onChange={(next) => onChange({ drivingLicences: next })}
        testId="licence"
      />
    </EditSection>
  );
}
