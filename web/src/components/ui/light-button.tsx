import { alpha, styled, type Theme } from '@mui/material/styles';
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { LinkBehavior } from './link-behavior';

type Variant = 'contained' | 'text';

/**
 * The look of MUI's `Button` (with the theme's overrides: pill shape, no elevation) for the few buttons that
 * every first visit renders: the top bar's navigation, language and login, the keyword box's submit and the
 * error pages' actions. MUI's `Button` brings `ButtonBase` (ripple, transition group, focus-visible tracking),
 * about 10 KB gzip, into the first script for them, hydrates each with that machinery, and writes ~2.5 KB of
 * critical CSS per look; everywhere else the app uses MUI's `Button`.
 */
type Colour = 'primary' | 'inherit';

function buttonStyles({ theme, variant, colour }: { theme: Theme; variant: Variant; colour: Colour }) {
  const main = colour === 'inherit' ? 'inherit' : theme.palette.primary.main;
  const hover =
    colour === 'inherit'
      ? theme.palette.action.hover
      : alpha(theme.palette.primary.main, theme.palette.action.hoverOpacity);
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
          color: main,
          backgroundColor: 'transparent',
          '&:hover': { backgroundColor: hover },
        }),
    '& > .button-start-icon': { display: 'inherit', marginLeft: -4, marginRight: 8 },
    '&:disabled': {
      cursor: 'default',
      color: theme.palette.action.disabled,
      backgroundColor: variant === 'contained' ? theme.palette.action.disabledBackground : 'transparent',
    },
  };
}

const forwardLook = { shouldForwardProp: (prop: string) => prop !== 'variant' && prop !== 'colour' };
type Look = { variant: Variant; colour: Colour };
const StyledButton = styled('button', forwardLook)<Look>(buttonStyles);
const StyledLink = styled(LinkBehavior, forwardLook)<Look>(buttonStyles);

interface LightButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'color'> {
  variant?: Variant;
  /** `inherit` takes the surrounding text colour (a text button in a bar), as MUI's `color="inherit"`. */
  color?: Colour;
  /** An icon before the label, as MUI's `startIcon`. */
  startIcon?: ReactNode;
  type?: 'button' | 'submit';
  children: ReactNode;
  'data-testid'?: string;
}

function withIcon(startIcon: ReactNode, children: ReactNode) {
  return startIcon ? (
    <>
      <span className="button-start-icon">{startIcon}</span>
      {children}
    </>
  ) : (
    children
  );
}

/** A button styled as MUI's contained or text button, without MUI's button machinery. */
export function LightButton({
  variant = 'text',
  color = 'primary',
  startIcon,
  type = 'button',
  children,
  ...props
}: LightButtonProps) {
  return (
    <StyledButton variant={variant} colour={color} type={type} {...props}>
      {withIcon(startIcon, children)}
    </StyledButton>
  );
}

/** A link inside the app that looks like {@link LightButton}. */
export function LightButtonLink({
  variant = 'text',
  color = 'primary',
  startIcon,
  href,
  children,
  ...props
}: {
  variant?: Variant;
  color?: Colour;
  startIcon?: ReactNode;
  href: string;
  children: ReactNode;
  'data-testid'?: string;
}) {
  return (
    <StyledLink variant={variant} colour={color} href={href} {...props}>
      {withIcon(startIcon, children)}
    </StyledLink>
  );
}
