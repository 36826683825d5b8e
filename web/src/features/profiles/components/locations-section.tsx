import { WORK_LOCATIONS } from '@mp/domain/value-lists';
import { useTranslation } from 'react-i18next';
import type { ProfileForm } from '../profile-form';
import { ChoiceChips } from './choice-chips';
import { EditSection } from './edit-section';
import { useLanguage } from '../../../lib/i18n';

interface LocationsSectionProps {
  locations: ProfileForm['locations'];
  onChange: (patch: Partial<ProfileForm>) => void;
}

/** Where the consultant can work: any of the 24 locations (remote first). */
export function LocationsSection({ locations, onChange }: LocationsSectionProps) {
  const { t } = useTranslation('profiles');
  const language = useLanguage();
  return (
    <EditSection
      name="locations"
      title={t('edit.locations.title')}
      description={t('edit.locations.description')}
    >
      <ChoiceChips
        label={t('edit.locations.title')}
        options={WORK_LOCATIONS.map((location) => ({ id: location.id, label: location.label[language] }))}
        value={locations}
        onChange={(next) => onChange({ locations: next })}
        testId="location"
      />
    </EditSection>
  );
}
