import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LeaveDialog } from '../../../components/ui/confirm-dialog';
import type { OwnProfile } from '../api/profile';
import type { ProfileEditor } from '../hooks/use-profile-editor';
import { AvailabilitySection } from './availability-section';
import { BasicsSection } from './basics-section';
import { DrivingLicencesSection } from './driving-licences-section';
import { EducationsSection } from './educations-section';
import { LanguagesSection } from './languages-section';
import { LocationsSection } from './locations-section';
import { PersonalitySection } from './personality-section';
import { ProfileChangedAlert } from './profile-changed-alert';
import { SaveBar } from './save-bar';
import { SkillsSection } from './skills-section';

/**
 * The profile form of both editors (the owner's, an admin's): its sections, the notice of renamed terms, the
 * save bar, and the question before leaving with changes not saved.
 */
export function ProfileEditorForm({
  editor,
  profile,
  label,
  changedMessage,
  experiences,
  gridArea,
  testId,
}: {
  editor: ProfileEditor;
  profile: OwnProfile;
  /** The form's accessible name. */
  label: string;
  /** What a save refused for a change made elsewhere says. */
  changedMessage: string;
  /** Shown after the skills (the owner's experiences, saved on their own). */
  experiences?: ReactNode;
  gridArea?: string;
  testId?: string;
}) {
  const { t } = useTranslation('profiles');
  const { form, update, errorText } = editor;
  return (
    <>
      <Box
        component="form"
        noValidate
        aria-label={label}
        data-testid={testId}
        onSubmit={(event) => {
          event.preventDefault();
          editor.submit();
        }}
        sx={{ gridArea, display: 'grid', gap: 3, minWidth: 0 }}
      >
        <BasicsSection form={form} onChange={update} errorText={errorText} />
        <SkillsSection skills={form.skills} onChange={update} errorText={errorText} />
        {experiences}
        <EducationsSection educations={form.educations} onChange={update} errorText={errorText} />
        <LanguagesSection languages={form.languages} onChange={update} errorText={errorText} />
        <AvailabilitySection availability={form.availability} onChange={update} errorText={errorText} />
        <LocationsSection locations={form.locations} onChange={update} />
        <DrivingLicencesSection drivingLicences={form.drivingLicences} onChange={update} />
        <PersonalitySection
          discType={form.discType}
          // A type other than the saved one is picked by hand: saving makes it self-assessed.
          discSource={form.discType === editor.saved.discType ? profile.discSource : 'self'}
          drivingForces={form.drivingForces}
          onChange={update}
        />
        {editor.renamed.length > 0 && (
          <Alert severity="info" onClose={editor.dismissRenamed} data-testid="renamed-terms">
            {editor.renamed.map((term) => (
              <Box key={term.typed}>{t('edit.savedAs', { typed: term.typed, savedAs: term.savedAs })}</Box>
            ))}
          </Alert>
        )}
        <SaveBar
          dirty={editor.dirty}
          saving={editor.saving}
          problemCount={editor.problemCount}
          onUndo={editor.undo}
          notice={
            editor.changedElsewhere && (
              <ProfileChangedAlert
                message={changedMessage}
                reloading={editor.reload.pending}
                onReload={editor.reload.run}
              />
            )
          }
        />
      </Box>
      <LeaveDialog
        blocker={editor.leaving}
        title={t('edit.leave.title')}
        body={t('edit.leave.body')}
        stayLabel={t('edit.leave.stay')}
        leaveLabel={t('edit.leave.leave')}
      />
    </>
  );
}
