import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '../../components/ui/brand-logo';
import { SUPPORT_EMAIL } from '../../lib/contact';
import { paths } from '../../lib/paths';
import { useLocalizedPath } from '../../lib/use-localized-path';

/** The public footer: what the service is, links, and the company's address and organisation details. */
export function Footer() {
  const { t } = useTranslation();
  const localize = useLocalizedPath();
  const columns = [
    {
      heading: t('footer.serviceHeading'),
      links: [
        { href: localize(paths.search()), label: t('nav.search') },
        { href: localize(paths.disc()), label: t('nav.disc') },
        { href: localize(paths.faq()), label: t('nav.faq') },
        { href: localize(paths.login()), label: t('footer.loginOrRegister') },
      ],
    },
    {
      heading: t('footer.legalHeading'),
      links: [
        { href: localize(paths['tos-users']()), label: t('footer.terms') },
        { href: localize(paths['privacy-policy']()), label: t('footer.privacy') },
        { href: localize(paths.cookies()), label: t('footer.cookies') },
      ],
    },
  ];
  return (
    <Box
      component="footer"
      sx={{ bgcolor: '#eef1ee', borderTop: '1px solid', borderColor: 'divider', mt: 'auto' }}
    >
      <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
        <Box
          sx={{
            display: 'grid',
            gap: 4,
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '2fr 1fr 1fr 1.4fr' },
          }}
        >
          <Box>
            <BrandLogo />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5, maxWidth: '42ch' }}>
              {t('footer.about')}
            </Typography>
          </Box>
          {columns.map((column) => (
            <Box key={column.heading} component="nav" aria-label={column.heading}>
              <Typography variant="h2" sx={{ fontSize: '0.95rem', mb: 1.5 }}>
                {column.heading}
              </Typography>
              <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
                {column.links.map((link) => (
                  <li key={link.href}>
                    <Link href={link.href} color="text.primary" variant="body2">
                      {link.label}
                    </Link>
                  </li>
                ))}
              </Box>
            </Box>
          ))}
          <Box>
            <Typography variant="h2" sx={{ fontSize: '0.95rem', mb: 1.5 }}>
              {t('footer.contactHeading')}
            </Typography>
            <Typography
              variant="body2"
              component="address"
              sx={{ fontStyle: 'normal' }}
              color="text.secondary"
            >
              {t('footer.companyName')}
              <br />
              {t('footer.organisationNumber')}
              <br />
              {t('footer.street')}
              <br />
              {t('footer.city')}
              <br />
              <Link href={`mailto:${SUPPORT_EMAIL}`} variant="body2">
                {SUPPORT_EMAIL}
              </Link>
            </Typography>
          </Box>
        </Box>
        <Divider sx={{ my: 3 }} />
        <Typography variant="body2" color="text.secondary">
          {t('footer.copyright', { year: new Date().getFullYear() })}
        </Typography>
      </Container>
    </Box>
  );
}
