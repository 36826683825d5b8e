import { alpha, styled, type Theme } from '@mui/material/styles';
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { LinkBehavior } from './link-behavior';

type Variant = 'contained' | 'text';

/**
 * The look of MUI's `Button` (with the theme's overrides: pill shape, no elevation) for the few buttons that
 * every first visit renders: the keyword box's submit and the error pages' actions. MUI's `Button` brings
 * `ButtonBase` (ripple, transition group, focus-visible tracking), about 10 KB gzip, into the first script for
 * them; everywhere else the app uses MUI's `Button`.
 */
function buttonStyles({ theme, variant }: { theme: Theme; variant: Variant }) {
  return {
    ...theme.typography.button,
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    boxSizing: 'border-box' as const,
    minWidth: 64,
    margin: 0,
    border: 0,
    borderRadius: 999,
    padding: '6px 18px',
    cursor: 'pointer',
    textDecoration: 'none',
    userSelect: 'none' as const,
    WebkitTapHighlightColor: 'transparent',
    transition: theme.transitions.create(['background-color', 'color'], {
      duration: theme.transitions.duration.short,
    }),
    ...(variant === 'contained'
      ? {
          color: theme.palette.primary.contrastText,
          backgroundColor: theme.palette.primary.main,
          '&:hover': { backgroundColor: theme.palette.primary.dark },
        }
      : {
          color: theme.palette.primary.main,
          backgroundColor: 'transparent',
          '&:hover': {
            backgroundColor: alpha(theme.palette.primary.main, theme.palette.action.hoverOpacity),
          },
        }),
    '&:disabled': {
      cursor: 'default',
      color: theme.palette.action.disabled,
      backgroundColor: variant === 'contained' ? theme.palette.action.disabledBackground : 'transparent',
    },
  };
}

const forwardVariant = { shouldForwardProp: (prop: string) => prop !== 'variant' };
const StyledButton = styled('button', forwardVariant)<{ variant: Variant }>(buttonStyles);
const StyledLink = styled(LinkBehavior, forwardVariant)<{ variant: Variant }>(buttonStyles);

interface LightButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  variant?: Variant;
  type?: 'button' | 'submit';
  children: ReactNode;
  'data-testid'?: string;
}

/** A button styled as MUI's contained or text button, without MUI's button machinery. */
export function LightButton({ variant = 'text', type = 'button', ...props }: LightButtonProps) {
  return <StyledButton variant={variant} type={type} {...props} />;
}

/** A link inside the app that looks like {@link LightButton}. */
export function LightButtonLink({
  variant = 'text',
  href,
  children,
}: {
  variant?: Variant;
  href: string;
  children: ReactNode;
}) {
  return (
    <StyledLink variant={variant} href={href}>
      {children}
    </StyledLink>
  );
}
