import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DragIndicator from '@mui/icons-material/DragIndicator';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { numberInputText } from '../../../lib/number-format';
import {
  CHOICE_LISTS,
  chosenIds,
  importanceOrder,
  moveImportance,
  niceKey,
  REQUIREMENT_YEARS_MAX,
  type ChoiceList,
  type ImportanceName,
  type SearchFilters,
  type SkillRequirementInput,
} from '../search-filters';
import { readRequirementYears } from '../requirement-years';
import { updateFilters } from '../search-store';
import { discTypeOf, drivingForceLabel, locationLabel } from '../value-labels';
import { FilterSection } from './filter-section';

function valueLabel(filters: SearchFilters, list: ChoiceList, id: string, language: 'sv' | 'en'): string {
  switch (list) {
    case 'skills':
    case 'languages':
    case 'fieldsOfStudy':
      return filters[list].find((term) => term.id === id)?.label ?? id;
    case 'locations':
      return locationLabel(id, language);
    case 'personalities':
      return discTypeOf(id)?.label[language] ?? id;
    case 'drivingForces':
      return drivingForceLabel(id, language);
  }
}

/**
 * One of a must-have skill's years. What was typed stays as typed; a value the search cannot take (65, -3, 2.5
 * years since last use) says why under the field and searches by none until it is put right. A value set from
 * outside (a saved search loaded) replaces the text.
 */
function YearsField({
  value,
  whole,
  label,
  ariaLabel,
  testId,
  onChange,
}: {
  value: number | null;
  whole: boolean;
  label: string;
  ariaLabel: string;
  testId: string;
  onChange: (value: number | null) => void;
}) {
  const { t } = useTranslation('search-filters');
  const language = currentLanguage();
  const [text, setText] = useState(() => numberInputText(value, language));
  const [known, setKnown] = useState(value);
  const read = readRequirementYears(text, whole);
  if (value !== known) {
    setKnown(value);
    if (read.value !== value) setText(numberInputText(value, language));
  }
  const problem =
    read.problem === 'tooMany'
      ? t('priorities.tooManyYears', { max: REQUIREMENT_YEARS_MAX })
      : read.problem === 'wholeYears'
        ? t('priorities.wholeYears')
        : read.problem && t(`messages:validation.${read.problem}`);
  return (
    <TextField
      size="small"
      label={label}
      value={text}
      onChange={(event) => {
        const next = readRequirementYears(event.target.value, whole);
        setText(event.target.value);
        setKnown(next.value);
        onChange(next.value);
      }}
      error={Boolean(problem)}
      helperText={problem}
      slotProps={{
        htmlInput: {
          inputMode: whole ? 'numeric' : 'decimal',
          maxLength: 6,
          'aria-label': ariaLabel,
          'data-testid': testId,
        },
      }}
      sx={{ flex: 1 }}
    />
  );
}

/** Years of experience and recent use for one must-have skill. */
function SkillRequirementFields({
  filters,
  id,
  label,
}: {
  filters: SearchFilters;
  id: string;
  label: string;
}) {
  const { t } = useTranslation('search-filters');
  const requirement = filters.skillRequirements[id] ?? { minYears: null, usedWithinYears: null };
  const change = (patch: Partial<SkillRequirementInput>) =>
    updateFilters({
      skillRequirements: { ...filters.skillRequirements, [id]: { ...requirement, ...patch } },
    });
  return (
    <Box sx={{ display: 'flex', gap: 1, mt: 1, alignItems: 'flex-start' }}>
      <YearsField
        value={requirement.minYears}
        whole={false}
        label={t('priorities.minYears')}
        ariaLabel={t('priorities.minYearsFor', { skill: label })}
        testId={`min-years-${id}`}
        onChange={(minYears) => change({ minYears })}
      />
      <YearsField
        value={requirement.usedWithinYears}
        whole
        label={t('priorities.usedWithin')}
        ariaLabel={t('priorities.usedWithinFor', { skill: label })}
        testId={`used-within-${id}`}
        onChange={(usedWithinYears) => change({ usedWithinYears })}
      />
    </Box>
  );
}

/**
 * What the buyer chose, each value as a must (filters) or a nice-to-have (only ranks), the experience each
 * must-have skill needs, and the order of importance of the criteria (drag, or the arrow buttons from the
 * keyboard). Every change reruns the search, so the cards show the new order at once.
 */
export function CriteriaPriorities({ filters }: { filters: SearchFilters }) {
  const { t } = useTranslation('search-filters');
  const language = currentLanguage();
  const nice = new Set(filters.nice);
  const order = importanceOrder(filters);
  const [dragged, setDragged] = useState<ImportanceName | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const chosen = CHOICE_LISTS.flatMap((list) => chosenIds(filters, list).map((id) => ({ list, id })));
  if (chosen.length === 0 && order.length === 0) return null;

  const setNice = (list: ChoiceList, id: string, value: boolean) => {
    const key = niceKey(list, id);
    updateFilters({ nice: value ? [...filters.nice, key] : filters.nice.filter((k) => k !== key) });
  };
  const reorder = (importance: ImportanceName[], name: ImportanceName) => {
    updateFilters({ importance });
    setAnnouncement(
      t('priorities.moved', {
        name: t(`priorities.criteria.${name}`),
        position: importance.indexOf(name) + 1,
      }),
    );
  };
  const drop = (event: DragEvent, target: ImportanceName) => {
    event.preventDefault();
    if (!dragged || dragged === target) return;
    const next = order.filter((name) => name !== dragged);
    next.splice(next.indexOf(target) + (order.indexOf(dragged) < order.indexOf(target) ? 1 : 0), 0, dragged);
    setDragged(null);
    reorder(next, dragged);
  };

  return (
    <FilterSection title={t('priorities.title')} testId="criteria-priorities">
      {chosen.length > 0 && (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.25 }}>
          {chosen.map(({ list, id }) => {
            const label = valueLabel(filters, list, id, language);
            const isNice = nice.has(niceKey(list, id));
            return (
              <Box component="li" key={niceKey(list, id)} data-testid={`choice-${list}-${id}`}>
                <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                    {label}
                  </Typography>
                  <ToggleButtonGroup
                    size="small"
                    exclusive
                    value={isNice ? 'nice' : 'must'}
                    onChange={(_event, value: 'must' | 'nice' | null) => {
                      if (value) setNice(list, id, value === 'nice');
                    }}
                    aria-label={t('priorities.mustOrNice', { value: label })}
                  >
                    <ToggleButton value="must" data-testid={`must-${list}-${id}`}>
                      {t('priorities.must')}
                    </ToggleButton>
                    <ToggleButton value="nice" data-testid={`nice-${list}-${id}`}>
                      {t('priorities.nice')}
                    </ToggleButton>
                  </ToggleButtonGroup>
                </Box>
                {list === 'skills' && !isNice && (
                  <SkillRequirementFields filters={filters} id={id} label={label} />
                )}
              </Box>
            );
          })}
        </Box>
      )}
      {order.length > 1 && (
        <Box sx={{ mt: 2 }}>
          <Typography variant="body2" sx={{ fontWeight: 650 }} id="importance-heading">
            {t('priorities.importance')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('priorities.importanceHelp')}
          </Typography>
          <Box
            component="ol"
            aria-labelledby="importance-heading"
            data-testid="importance-list"
            sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.5 }}
          >
            {order.map((name, position) => (
              <Box
                component="li"
                key={name}
                draggable
                onDragStart={(event: DragEvent) => {
                  event.dataTransfer.effectAllowed = 'move';
                  setDragged(name);
                }}
                onDragOver={(event: DragEvent) => event.preventDefault()}
                onDrop={(event: DragEvent) => drop(event, name)}
                data-testid={`importance-item-${name}`}
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: 0.5,
                  px: 1,
                  py: 0.25,
                  border: '1px solid',
                  borderColor: dragged === name ? 'primary.main' : 'divider',
                  borderRadius: 1,
                  cursor: 'grab',
                  bgcolor: 'background.paper',
                }}
              >
                <DragIndicator fontSize="small" sx={{ color: 'text.secondary' }} aria-hidden />
                <Typography variant="body2" sx={{ flex: 1 }}>
                  {`${position + 1}. ${t(`priorities.criteria.${name}`)}`}
                </Typography>
                <IconButton
                  size="small"
                  disabled={position === 0}
                  onClick={() => reorder(moveImportance(filters, name, -1), name)}
                  aria-label={t('priorities.moveUp', { name: t(`priorities.criteria.${name}`) })}
                  data-testid={`importance-up-${name}`}
                >
                  <ArrowUpward fontSize="small" />
                </IconButton>
                <IconButton
                  size="small"
                  disabled={position === order.length - 1}
                  onClick={() => reorder(moveImportance(filters, name, 1), name)}
                  aria-label={t('priorities.moveDown', { name: t(`priorities.criteria.${name}`) })}
                  data-testid={`importance-down-${name}`}
                >
                  <ArrowDownward fontSize="small" />
                </IconButton>
              </Box>
            ))}
          </Box>
          <Box aria-live="polite" sx={visuallyHidden} data-testid="importance-announcement">
            {announcement}
          </Box>
        </Box>
      )}
    </FilterSection>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
