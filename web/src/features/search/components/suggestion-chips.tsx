import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { withCount } from './filter-section';

export interface ChipSuggestion {
  id: string;
  label: string;
  count?: number;
  selected?: boolean;
  colour?: string;
}

/** Suggested values as chips: a click adds the value to the filter (or removes it when chosen). */
export function SuggestionChips({
  label,
  suggestions,
  onToggle,
  testId,
}: {
  label: string;
  suggestions: readonly ChipSuggestion[];
  onToggle: (suggestion: ChipSuggestion) => void;
  testId: string;
}) {
  if (suggestions.length === 0) return null;
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 0.75 }}
    >
      {suggestions.map((suggestion) => (
        <li key={suggestion.id}>
          <Chip
            size="small"
            clickable
            color={suggestion.selected ? 'primary' : 'default'}
            variant={suggestion.selected ? 'filled' : 'outlined'}
            aria-pressed={Boolean(suggestion.selected)}
            label={withCount(suggestion.label, suggestion.count)}
            onClick={() => onToggle(suggestion)}
            data-testid={testId}
            data-value={suggestion.id}
            icon={
              suggestion.colour ? (
                <Box
                  component="span"
                  aria-hidden
                  sx={{
                    width: 10,
                    height: 10,
                    borderRadius: '50%',
                    bgcolor: suggestion.colour,
                    ml: '8px !important',
                  }}
                />
              ) : undefined
            }
            sx={suggestion.colour && !suggestion.selected ? { borderColor: suggestion.colour } : undefined}
          />
        </li>
      ))}
    </Box>
  );
}
