import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CvLanguage } from '../api/profile';
import { saveFile } from '../save-file';

const CV_LANGUAGES: readonly CvLanguage[] = ['sv', 'en'];

interface CvDownloadButtonsProps {
  download: (language: CvLanguage) => Promise<Blob>;
  filename: (language: CvLanguage) => string;
  testId: string;
}

/** One button per CV language; each downloads the PDF in that language. */
export function CvDownloadButtons({ download, filename, testId }: CvDownloadButtonsProps) {
  const { t } = useTranslation('profiles');
  const fetchCv = useMutation({
    mutationFn: async (language: CvLanguage) => saveFile(await download(language), filename(language)),
  });
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      {CV_LANGUAGES.map((language) => (
        <Button
          key={language}
          variant="outlined"
          startIcon={<DownloadOutlined />}
          disabled={fetchCv.isPending}
          onClick={() => fetchCv.mutate(language)}
          data-testid={`${testId}-${language}`}
        >
          {t(`cv.${language}`)}
        </Button>
      ))}
    </Box>
  );
}
