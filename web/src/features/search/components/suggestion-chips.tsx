import Box from '@mui/material/Box';
import { LightChip } from '../../../components/ui/light-chip';
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
          <LightChip
            tone={suggestion.selected ? 'primary' : 'default'}
            variant={suggestion.selected ? 'filled' : 'outlined'}
            pressed={Boolean(suggestion.selected)}
            label={withCount(suggestion.label, suggestion.count)}
            onClick={() => onToggle(suggestion)}
            data-testid={testId}
            data-value={suggestion.id}
            dot={suggestion.colour}
            colours={suggestion.colour && !suggestion.selected ? { border: suggestion.colour } : undefined}
          />
        </li>
      ))}
    </Box>
  );
}
