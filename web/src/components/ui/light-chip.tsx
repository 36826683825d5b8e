import { alpha, styled, type Theme } from '@mui/material/styles';
import type { CSSProperties, MouseEventHandler, ReactNode } from 'react';

/**
 * The look of MUI's small `Chip` for the chips a first visit renders by the dozen: the search cards' skills,
 * availability and traits, and the filters' suggested values. Every MUI chip whose colours come from `sx`
 * got an Emotion class of its own carrying the whole chip style again (~3.5 KB of critical CSS each, ~60 KB on
 * the search page), and each clickable one hydrated MUI's ButtonBase (ripple, focus-visible tracking). Here the
 * style is one class per look, and a chip's own colours are CSS custom properties in its `style`.
 * Everywhere else (inputs' chips, admin lists) the app uses MUI's `Chip`.
 */

export type LightChipVariant = 'filled' | 'outlined';
export type LightChipTone = 'default' | 'primary' | 'success';

interface Look {
  look: LightChipVariant;
  tone: LightChipTone;
}

/** The colours of each look, as MUI's small chip draws it with our theme; `--chip-*` in `style` override them. */
function colours(theme: Theme, { look, tone }: Look) {
  const { palette } = theme;
  if (tone !== 'default') {
    const main = tone === 'primary' ? palette.primary.main : palette.success.main;
    return look === 'filled'
      ? { fg: palette.primary.contrastText, bg: main, border: 'transparent', hover: palette.primary.dark }
      : {
          fg: main,
          bg: 'transparent',
          border: alpha(main, 0.7),
          hover: alpha(main, palette.action.hoverOpacity),
        };
  }
  return look === 'filled'
    ? {
        fg: palette.text.primary,
        bg: palette.action.selected,
        border: 'transparent',
        hover: 'rgba(0, 0, 0, 0.12)',
      }
    : { fg: palette.text.primary, bg: 'transparent', border: '#bdbdbd', hover: palette.action.hover };
}

function chipStyles({ theme, look, tone }: Look & { theme: Theme }) {
  const c = colours(theme, { look, tone });
  return {
    display: 'inline-flex',
    alignItems: 'center',
    boxSizing: 'border-box' as const,
    maxWidth: '100%',
    height: 24,
    margin: 0,
    padding: 0,
    borderRadius: 16,
    verticalAlign: 'middle',
    whiteSpace: 'nowrap' as const,
    fontFamily: theme.typography.fontFamily,
    fontSize: '0.8125rem',
    fontWeight: 'var(--chip-weight, 500)',
    lineHeight: 1.5,
    border: `1px solid var(--chip-border, ${c.border})`,
    color: `var(--chip-fg, ${c.fg})`,
    backgroundColor: `var(--chip-bg, ${c.bg})`,
    '& > .chip-label': {
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      paddingInline: 7,
    },
    '& > .chip-icon': {
      display: 'inline-flex',
      flexShrink: 0,
      marginLeft: 4,
      marginRight: -4,
      fontSize: 18,
    },
    '& > .chip-dot': {
      flexShrink: 0,
      width: 10,
      height: 10,
      marginLeft: 8,
      marginRight: -2,
      borderRadius: '50%',
      backgroundColor: 'var(--chip-dot)',
    },
  };
}

const forwardLook = { shouldForwardProp: (prop: string) => prop !== 'look' && prop !== 'tone' };
const ChipSpan = styled('span', forwardLook)<Look>(chipStyles);
const ChipButton = styled(
  'button',
  forwardLook,
)<Look>((props) => ({
  ...chipStyles(props),
  cursor: 'pointer',
  userSelect: 'none',
  WebkitTapHighlightColor: 'transparent',
  transition: props.theme.transitions.create('background-color', {
    duration: props.theme.transitions.duration.short,
  }),
  '&:hover': { backgroundColor: colours(props.theme, props).hover },
}));

export interface LightChipProps {
  label: ReactNode;
  variant?: LightChipVariant;
  tone?: LightChipTone;
  /** A coloured dot before the label (a behavioural style's colour). */
  dot?: string;
  /** An icon before the label (an SVG icon at 18 px). */
  icon?: ReactNode;
  /** Overrides of the look's colours. */
  colours?: { fg?: string; bg?: string; border?: string };
  /** Bold label (600), as the availability and style chips have. */
  strong?: boolean;
  /** Makes the chip a toggle button. */
  onClick?: MouseEventHandler<HTMLButtonElement>;
  pressed?: boolean;
  'data-testid'?: string;
  'data-value'?: string;
  'data-source'?: string;
}

export function LightChip({
  label,
  variant = 'filled',
  tone = 'default',
  dot,
  icon,
  colours,
  strong,
  onClick,
  pressed,
  ...data
}: LightChipProps) {
  const style = {
    ...(colours?.fg ? { '--chip-fg': colours.fg } : {}),
    ...(colours?.bg ? { '--chip-bg': colours.bg } : {}),
    ...(colours?.border ? { '--chip-border': colours.border } : {}),
    ...(dot ? { '--chip-dot': dot } : {}),
    ...(strong ? { '--chip-weight': 600 } : {}),
  } as CSSProperties;
  const content = (
    <>
      {dot && <span className="chip-dot" aria-hidden />}
      {icon && (
        <span className="chip-icon" aria-hidden>
          {icon}
        </span>
      )}
      <span className="chip-label">{label}</span>
    </>
  );
  if (onClick) {
    return (
      <ChipButton
        type="button"
        look={variant}
        tone={tone}
        style={style}
        onClick={onClick}
        aria-pressed={pressed}
        {...data}
      >
        {content}
      </ChipButton>
    );
  }
  return (
    <ChipSpan look={variant} tone={tone} style={style} {...data}>
      {content}
    </ChipSpan>
  );
}
