import { keyframes, styled } from '@mui/material/styles';

// MUI's indeterminate CircularProgress drawn the same way (a rotating ring whose stroke grows and shrinks), for
// the two placeholders in the first script (the page's and the search's): MUI's component with its classes
// and props handling is ~2 KB gzip there.
const rotate = keyframes`
  0% { transform: rotate(0deg); }
  100% { transform: rotate(360deg); }
`;
const dash = keyframes`
  0% { stroke-dasharray: 1px, 200px; stroke-dashoffset: 0; }
  50% { stroke-dasharray: 100px, 200px; stroke-dashoffset: -15px; }
  100% { stroke-dasharray: 1px, 200px; stroke-dashoffset: -126px; }
`;

const Root = styled('span')(({ theme }) => ({
  display: 'inline-block',
  width: 40,
  height: 40,
  color: theme.palette.primary.main,
  animation: `${rotate} 1.4s linear infinite`,
  '& circle': {
    stroke: 'currentColor',
    strokeDasharray: '80px, 200px',
    strokeDashoffset: 0,
    animation: `${dash} 1.4s ease-in-out infinite`,
  },
  '@media (prefers-reduced-motion: reduce)': { animationDuration: '4s', '& circle': { animation: 'none' } },
}));

/** An indeterminate progress ring, named for assistive technology by `label`. */
export function LightSpinner({ label }: { label: string }) {
  return (
    <Root role="progressbar" aria-label={label}>
      <svg viewBox="22 22 44 44" width="40" height="40" aria-hidden="true" focusable="false">
        <circle cx="44" cy="44" r="20.2" fill="none" strokeWidth="3.6" />
      </svg>
    </Root>
  );
}
