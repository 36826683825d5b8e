import Language from '@mui/icons-material/Language';
import { styled } from '@mui/material/styles';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { LightButton } from '../../components/ui/light-button';
import { saveUserLocale } from '../../lib/auth';
import { LANGUAGES, rememberLanguage, switchLanguageInPath } from '../../lib/language';
import { useLanguage } from '../../lib/i18n';

const PickerButton = styled(LightButton)({ minWidth: 0, paddingInline: 10 });

/**
 * The language picker (spec section 2): with Swedish and English it is one button that offers the other
 * language; choosing rewrites the path's language prefix and keeps the rest of the address. For a logged-in
 * user it also becomes the account's language, so their e-mails follow the site's.
 */
export function LanguagePicker() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const current = useLanguage();
  const other = LANGUAGES.find((language) => language !== current) ?? 'sv';

  const choose = () => {
    rememberLanguage(other);
    saveUserLocale(queryClient, other);
    void navigate(`${switchLanguageInPath(location.pathname, other)}${location.search}${location.hash}`);
  };

  return (
    <PickerButton
      color="inherit"
      startIcon={<Language fontSize="small" />}
      onClick={choose}
      lang={other}
      aria-label={t(`language.switchTo.${other}`)}
      data-testid="language-picker"
    >
      <span aria-hidden>{t(`language.names.${other}`)}</span>
    </PickerButton>
  );
}
