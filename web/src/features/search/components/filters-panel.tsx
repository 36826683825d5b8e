import { EDUCATION_LEVEL_IDS } from '@mp/domain/value-lists';
import ExpandMore from '@mui/icons-material/ExpandMore';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LightSpinner } from '../../../components/ui/light-spinner';
import type { FacetName, SearchFacets } from '../api/search';
import { countActiveFilters } from '../saved-criteria';
import { clearFilters, useSearchState } from '../search-store';
import { setSearchTab, useSearchTab, type SearchTab } from '../search-tab';
import { AvailabilityFilter } from './availability-filter';
import { CriteriaPriorities } from './criteria-priorities';
import { DrivingForcesFilter } from './driving-forces-filter';
import { EducationFilter } from './education-filter';
import { LanguageFilter } from './language-filter';
import { LocationFilter } from './location-filter';
import { PersonalityFilter } from './personality-filter';
import { SkillsFilter } from './skills-filter';

// The saved searches and lists (with their dialogs, forms and validation) load when their tab is opened: the
// filters tab is what every visit shows first.
const SavedSearchesPanel = lazy(() =>
  import('./saved-searches-panel').then((module) => ({ default: module.SavedSearchesPanel })),
);

type Counts = Partial<Record<FacetName, ReadonlyMap<string, number>>>;

/**
 * Facet counts by value. The education level is a minimum, so a level's count is everyone at that level or
 * higher (levels come highest first).
 */
function countsOf(facets: Partial<SearchFacets> | null): Counts {
  if (!facets) return {};
  const counts: Counts = {};
  for (const [name, values] of Object.entries(facets) as [FacetName, { value: string; count: number }[]][]) {
    counts[name] = new Map(values.map(({ value, count }) => [value, count]));
  }
  const levels = counts.educationLevel;
  if (levels) {
    let running = 0;
    const cumulative = new Map<string, number>();
    for (const level of EDUCATION_LEVEL_IDS) {
      running += levels.get(level) ?? 0;
      cumulative.set(level, running);
    }
    counts.educationLevel = cumulative;
  }
  return counts;
}

/** The left panel (spec section 2): tabs for the filters and the saved searches (and lists). */
export function FiltersPanel({ inner, facets }: { inner: boolean; facets: Partial<SearchFacets> | null }) {
  const { t } = useTranslation('search-filters');
  const { filters } = useSearchState();
  const tab = useSearchTab();
  // Keep the last counts while the next search runs, so the numbers do not flicker away.
  const [lastFacets, setLastFacets] = useState(facets);
  if (facets && facets !== lastFacets) setLastFacets(facets);
  const counts = useMemo(() => countsOf(facets ?? lastFacets), [facets, lastFacets]);
  const active = countActiveFilters(filters);
  // On phones the panel sits above the results: folded by default so the cards come first. Folding is CSS
  // (a media query), not a JavaScript one: the server renders the same markup for every width, so hydration
  // on a phone neither replaces the panel nor moves the cards below it.
  const [expanded, setExpanded] = useState(false);

  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }} data-testid="filters-panel">
      <ButtonBase
        onClick={() => setExpanded((previous) => !previous)}
        aria-expanded={expanded}
        aria-controls="search-filters-body"
        data-testid="filters-toggle"
        sx={{
          width: '100%',
          justifyContent: 'space-between',
          px: 2,
          py: 1.5,
          fontWeight: 650,
          fontSize: '1rem',
          display: { xs: 'flex', md: 'none' },
          borderBottom: expanded ? '1px solid' : 0,
          borderColor: 'divider',
          // Inset: the panel's `overflow: hidden` would clip the theme's outset focus ring.
          '&.Mui-focusVisible': { outlineOffset: -3 },
        }}
      >
        <Box component="span" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <TuneOutlined fontSize="small" />
          {t('toggle', { count: active })}
        </Box>
        <ExpandMore sx={{ transform: expanded ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }} />
      </ButtonBase>
      <Box id="search-filters-body" sx={{ display: { xs: expanded ? 'block' : 'none', md: 'block' } }}>
        <Tabs
          value={tab}
          onChange={(_event, next: SearchTab) => setSearchTab(next)}
          variant="fullWidth"
          sx={{ borderBottom: '1px solid', borderColor: 'divider' }}
        >
          <Tab
            value="filters"
            label={t('tabs.filters')}
            id="search-tab-filters"
            aria-controls="search-tabpanel-filters"
            data-testid="tab-filters"
          />
          <Tab
            value="saved"
            label={t('tabs.saved')}
            id="search-tab-saved"
            aria-controls="search-tabpanel-saved"
            data-testid="tab-saved"
          />
        </Tabs>
        <Box
          role="tabpanel"
          id={`search-tabpanel-${tab}`}
          aria-labelledby={`search-tab-${tab}`}
          tabIndex={-1}
          sx={{ px: 2.5, pb: 1, outline: 0 }}
        >
          {tab === 'filters' ? (
            <>
              <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', pt: 1.5 }}>
                <Box
                  component="span"
                  sx={{ color: 'text.secondary', fontSize: '0.875rem' }}
                  aria-live="polite"
                >
                  {t('activeFilters', { count: active })}
                </Box>
                <Button
                  size="small"
                  // The button turns itself off: focus stays in the panel rather than drop to the page (QA5 F13).
                  onClick={() => {
                    clearFilters();
                    document.getElementById('search-tabpanel-filters')?.focus();
                  }}
                  disabled={active === 0 && !filters.searchTerm}
                  data-testid="clear-all"
                >
                  {t('clearAll')}
                </Button>
              </Box>
              <LocationFilter value={filters.locations} counts={counts.locations} />
              <AvailabilityFilter
                value={filters.availableAt}
                availableNow={counts.availability?.get('available_now')}
              />
              <EducationFilter
                level={filters.educationLevel}
                fields={filters.fieldsOfStudy}
                levelCounts={counts.educationLevel}
                fieldCounts={counts.fieldsOfStudy}
              />
              <LanguageFilter value={filters.languages} counts={counts.languages} />
              <PersonalityFilter
                filters={filters}
                counts={counts.personalities}
                assessedCount={counts.personalitySource?.get('assessment')}
              />
              <SkillsFilter filters={filters} counts={counts.skills} />
              <DrivingForcesFilter value={filters.drivingForces} counts={counts.drivingForces} />
              <CriteriaPriorities filters={filters} />
            </>
          ) : (
            <Suspense
              fallback={
                <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
                  <LightSpinner label={t('status.loading', { ns: 'common' })} />
                </Box>
              }
            >
              <SavedSearchesPanel inner={inner} />
            </Suspense>
          )}
        </Box>
      </Box>
    </Paper>
  );
}
