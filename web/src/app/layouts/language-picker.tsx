import Language from '@mui/icons-material/Language';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { LANGUAGES, rememberLanguage, switchLanguageInPath } from '../../lib/language';

/**
 * The language picker (spec section 2): with Swedish and English it is one button that offers the other
 * language; choosing rewrites the path's language prefix and keeps the rest of the address.
 */
export function LanguagePicker() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const current = i18n.resolvedLanguage === 'en' ? 'en' : 'sv';
  const other = LANGUAGES.find((language) => language !== current) ?? 'sv';

  const choose = () => {
    rememberLanguage(other);
    void navigate(`${switchLanguageInPath(location.pathname, other)}${location.search}${location.hash}`);
  };

  return (
    <Button
      color="inherit"
      startIcon={<Language />}
      onClick={choose}
      lang={other}
      aria-label={t(`language.switchTo.${other}`)}
      data-testid="language-picker"
      sx={{ minWidth: 0, px: 1.25, color: 'text.primary' }}
    >
      <span aria-hidden>{t(`language.names.${other}`)}</span>
    </Button>
  );
}
