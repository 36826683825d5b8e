import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';

/**
 * A Material icon drawn from its 24x24 path, decorative (hidden from assistive technology), in the current
 * text colour. For the few icons of the first script, where MUI's SvgIcon and the icon modules would be the
 * only reason to load them.
 */
export function InlineIcon({ path, sx }: { path: string; sx?: SxProps<Theme> }) {
  return (
    <Box
      component="svg"
      viewBox="0 0 24 24"
      aria-hidden
      focusable="false"
      sx={[
        { width: '1.5rem', height: '1.5rem', flexShrink: 0, fill: 'currentColor' },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      <path d={path} />
    </Box>
  );
}
