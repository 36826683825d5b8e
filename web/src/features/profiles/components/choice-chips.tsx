import Check from '@mui/icons-material/Check';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';

interface ChoiceChipsProps<Id extends string> {
  label: string;
  options: readonly { id: Id; label: string; title?: string }[];
  value: readonly Id[];
  onChange: (value: Id[]) => void;
  testId: string;
}

/** A multi-select as toggle chips (each a button with `aria-pressed`), in the options' order. */
export function ChoiceChips<Id extends string>({
  label,
  options,
  value,
  onChange,
  testId,
}: ChoiceChipsProps<Id>) {
  const selected = new Set(value);
  const toggle = (id: Id) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onChange(options.map((option) => option.id).filter((option) => next.has(option)));
  };
  return (
    <Box role="group" aria-label={label} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      {options.map((option) => {
        const on = selected.has(option.id);
        return (
          <Chip
            key={option.id}
            label={option.label}
            title={option.title}
            icon={on ? <Check /> : undefined}
            color={on ? 'primary' : 'default'}
            variant={on ? 'filled' : 'outlined'}
            onClick={() => toggle(option.id)}
            aria-pressed={on}
            data-testid={`${testId}-${option.id}`}
          />
        );
      })}
    </Box>
  );
}
