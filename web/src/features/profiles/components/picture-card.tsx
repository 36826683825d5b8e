import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import PhotoCameraOutlined from '@mui/icons-material/PhotoCameraOutlined';
import { PROFILE_PICTURE_MIME_TYPES } from '@mp/domain/constants';
import { pictureUploadSchema } from '@mp/domain/uploads';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../../lib/alerts';
import { isApiError } from '../../../lib/api-client';
import { describeError } from '../../../lib/errors';
import { firstIssue, messageKey } from '../../../lib/validation';
import { removePicture, uploadPicture, type OwnProfile } from '../api/profile';
import { useOwnProfileMutation } from '../hooks/use-own-profile';
import { PictureCropDialog } from './picture-crop-dialog';

/** Reads a chosen file as an image the browser can draw, or null when it cannot be decoded. */
function loadImage(file: File): Promise<HTMLImageElement | null> {
  return new Promise((resolve) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => resolve(null);
    image.src = URL.createObjectURL(file);
  });
}

/** The profile picture: preview, upload with a square crop, and removal. */
export function PictureCard({ profile }: { profile: OwnProfile }) {
  const { t } = useTranslation('profiles');
  const input = useRef<HTMLInputElement>(null);
  const chooseButton = useRef<HTMLButtonElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  // The object URL of the picture being cropped is released when the dialog closes.
  useEffect(() => {
    if (!image) return;
    const source = image.src;
    return () => URL.revokeObjectURL(source);
  }, [image]);

  // When the crop dialog closes (saved, cancelled or failed), focus goes back to the button that opened it,
  // once that button is enabled again: it is disabled while the picture uploads, so the dialog's own focus
  // return would land on <body>.
  const returnFocus = useRef(false);
  const closeDialog = () => {
    returnFocus.current = true;
    setImage(null);
  };

  const upload = useOwnProfileMutation((picture: Blob) => uploadPicture(picture, 'picture.jpg'), {
    handlesErrors: true,
    onSuccess: () => {
      closeDialog();
      showSuccess(t('edit.picture.uploaded'));
    },
  });
  const remove = useOwnProfileMutation(() => removePicture(), {
    onSuccess: () => showSuccess(t('edit.picture.removed')),
  });

  const choose = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    const problem = firstIssue(pictureUploadSchema, { mimeType: file.type, sizeBytes: file.size });
    if (problem) {
      setError(t(messageKey(problem)));
      return;
    }
    const loaded = await loadImage(file);
    if (!loaded) {
      setError(t('messages:validation.unsupportedImageType'));
      return;
    }
    setError(null);
    setImage(loaded);
  };

  const initials = [profile.firstName, profile.lastName].map((part) => part?.charAt(0) ?? '').join('');
  const busy = upload.isPending || remove.isPending;
  useEffect(() => {
    if (!returnFocus.current || image || busy) return;
    returnFocus.current = false;
    chooseButton.current?.focus();
  }, [image, busy]);
  return (
    <Card
      component="section"
      id="profile-section-picture"
      aria-labelledby="picture-title"
      sx={{ scrollMarginTop: 88 }}
    >
      <CardContent sx={{ p: { xs: 2, sm: 3 }, textAlign: 'center' }}>
        <Typography variant="h2" id="picture-title" sx={{ fontSize: '1.1rem', mb: 2, textAlign: 'left' }}>
          {t('edit.picture.title')}
        </Typography>
        <Avatar
          src={profile.picture?.url}
          alt={profile.picture ? t('edit.picture.alt') : undefined}
          data-testid="profile-picture"
          sx={{ width: 128, height: 128, mx: 'auto', mb: 2, fontSize: '2.5rem', bgcolor: 'primary.light' }}
        >
          {initials || undefined}
        </Avatar>
        <input
          ref={input}
          type="file"
          accept={PROFILE_PICTURE_MIME_TYPES.join(',')}
          hidden
          onChange={(event) => void choose(event.target.files?.[0])}
          data-testid="picture-input"
          aria-hidden
          tabIndex={-1}
        />
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'center', flexWrap: 'wrap' }}>
          <Button
            ref={chooseButton}
            variant="outlined"
            startIcon={<PhotoCameraOutlined />}
            onClick={() => input.current?.click()}
            disabled={busy}
            data-testid="picture-choose"
          >
            {profile.picture ? t('edit.picture.change') : t('edit.picture.upload')}
          </Button>
          {profile.picture && (
            <Button
              color="error"
              startIcon={<DeleteOutline />}
              onClick={() => remove.mutate(undefined)}
              disabled={busy}
            >
              {t('edit.picture.remove')}
            </Button>
          )}
        </Box>
        {error ? (
          <FormHelperText error role="alert" sx={{ textAlign: 'center', mt: 1 }} data-testid="picture-error">
            {error}
          </FormHelperText>
        ) : (
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1.5 }}>
            {t('edit.picture.help')}
          </Typography>
        )}
      </CardContent>
      {image && (
        <PictureCropDialog
          key={image.src}
          image={image}
          busy={upload.isPending}
          onCancel={closeDialog}
          onCropped={(picture) =>
            upload.mutate(picture, {
              onError: (uploadError) => {
                closeDialog();
                // 413 FILE_TOO_LARGE and 400 UNSUPPORTED_IMAGE_TYPE come with the spec's texts.
                setError(
                  isApiError(uploadError) && uploadError.errorMessage
                    ? uploadError.errorMessage
                    : describeError(uploadError),
                );
              },
            })
          }
        />
      )}
    </Card>
  );
}
