import type { SearchCriteriaInput } from '@mp/search-schema';
import type { Wanted } from './judge';

// The judged query set: buyer queries as a buyer types them, each with what the buyer wants in vocabulary
// ids. `gradeProfile` (judge.ts) turns `wanted` into a grade for every profile by the rules written in
// docs/relevance.md. Grow the set whenever a buyer finds a bad ranking: add the query and what they wanted.

export const QUERY_CATEGORIES = [
  'skill',
  'skill-role',
  'role-place',
  'multi-word',
  'symbol',
  'compound',
  'typo',
  'cross-language',
] as const;
export type QueryCategory = (typeof QUERY_CATEGORIES)[number];

export interface JudgedQuery {
  id: string;
  category: QueryCategory;
  /** The request's language. */
  locale: 'sv' | 'en';
  criteria: SearchCriteriaInput;
  wanted: Wanted;
}

const DEVELOPERS = [
  'software-developer',
  'frontend-developer',
  'backend-developer',
  'fullstack-developer',
  'web-developer',
  'java-developer',
  'dotnet-developer',
];
const WEB_DEVELOPERS = ['frontend-developer', 'web-developer', 'fullstack-developer', 'software-developer'];
const JVM_DEVELOPERS = ['java-developer', 'backend-developer', 'software-developer', 'fullstack-developer'];
const DOTNET_DEVELOPERS = [
  'dotnet-developer',
  'backend-developer',
  'software-developer',
  'fullstack-developer',
];
const SAP_CONSULTANTS = ['sap-consultant'];
const PROJECT_MANAGERS = ['project-manager'];
const PROJECT_RELATED = ['programme-manager', 'subproject-manager'];

const q = (
  id: string,
  category: QueryCategory,
  locale: 'sv' | 'en',
  criteria: SearchCriteriaInput,
  wanted: Wanted,
): JudgedQuery => ({ id, category, locale, criteria, wanted });

export const JUDGED_QUERIES: readonly JudgedQuery[] = [
  // One skill: the most experienced, recent users first.
  q('java', 'skill', 'sv', { searchTerm: 'java' }, { skills: ['java'] }),
  q('python', 'skill', 'en', { searchTerm: 'python' }, { skills: ['python'] }),
  q('sap', 'skill', 'sv', { searchTerm: 'sap' }, { skills: ['sap'] }),
  q('kubernetes', 'skill', 'en', { searchTerm: 'kubernetes' }, { skills: ['kubernetes'] }),
  q('figma', 'skill', 'sv', { searchTerm: 'figma' }, { skills: ['figma'] }),
  q('salesforce', 'skill', 'sv', { searchTerm: 'salesforce' }, { skills: ['salesforce'] }),
  q('scrum', 'skill', 'en', { searchTerm: 'scrum' }, { skills: ['scrum'] }),
  q('redovisning', 'skill', 'sv', { searchTerm: 'redovisning' }, { skills: ['accounting'] }),
  q('terraform', 'skill', 'en', { searchTerm: 'terraform' }, { skills: ['terraform'] }),
  q('react', 'skill', 'en', { searchTerm: 'react' }, { skills: ['react'] }),
  q('typescript-filter', 'skill', 'sv', { skills: ['TypeScript'] }, { skills: ['typescript'] }),

  // A skill and a role.
  q(
    'react-utvecklare',
    'skill-role',
    'sv',
    { searchTerm: 'react utvecklare' },
    { skills: ['react'], titles: WEB_DEVELOPERS },
  ),
  q(
    'java-developer',
    'skill-role',
    'en',
    { searchTerm: 'java developer' },
    { skills: ['java'], titles: JVM_DEVELOPERS },
  ),
  q(
    'python-data-engineer',
    'skill-role',
    'en',
    { searchTerm: 'python data engineer' },
    { skills: ['python'], titles: ['data-engineer'], relatedTitles: ['data-scientist'] },
  ),
  q(
    'sap-konsult',
    'skill-role',
    'sv',
    { searchTerm: 'sap konsult' },
    { skills: ['sap'], titles: SAP_CONSULTANTS, relatedTitles: ['erp-consultant'] },
  ),
  q(
    'aws-devops-engineer',
    'skill-role',
    'en',
    { searchTerm: 'aws devops engineer' },
    { skills: ['aws'], titles: ['devops-engineer'], relatedTitles: ['cloud-architect'] },
  ),
  q(
    'jira-scrum-master',
    'skill-role',
    'en',
    { searchTerm: 'jira scrum master' },
    { skills: ['jira'], titles: ['scrum-master'], relatedTitles: ['agile-coach'] },
  ),
  q(
    'csharp-utvecklare',
    'skill-role',
    'sv',
    { searchTerm: 'c# utvecklare' },
    { skills: ['csharp'], titles: DOTNET_DEVELOPERS },
  ),
  q(
    'power-bi-controller',
    'skill-role',
    'sv',
    { searchTerm: 'power bi controller' },
    { skills: ['power-bi'], titles: ['controller'] },
  ),

  // A role and a place.
  q(
    'projektledare-stockholm',
    'role-place',
    'sv',
    { searchTerm: 'projektledare stockholm' },
    { titles: PROJECT_MANAGERS, relatedTitles: PROJECT_RELATED, locations: ['stockholm'] },
  ),
  q(
    'devops-engineer-goteborg',
    'role-place',
    'en',
    { searchTerm: 'devops engineer göteborg' },
    { titles: ['devops-engineer'], relatedTitles: ['site-reliability-engineer'], locations: ['goteborg'] },
  ),
  q(
    'ux-designer-skane-filter',
    'role-place',
    'sv',
    { searchTerm: 'ux-designer', locations: ['skane'] },
    { titles: ['ux-designer'], relatedTitles: ['ui-designer', 'interaction-designer'], locations: ['skane'] },
  ),
  q(
    'data-scientist-uppsala',
    'role-place',
    'en',
    { searchTerm: 'data scientist', locations: ['uppsala'] },
    { titles: ['data-scientist'], relatedTitles: ['data-engineer', 'data-analyst'], locations: ['uppsala'] },
  ),
  q(
    'controller-stockholm',
    'role-place',
    'sv',
    { searchTerm: 'controller stockholm' },
    { titles: ['controller'], relatedTitles: ['finance-manager'], locations: ['stockholm'] },
  ),

  // Skills of several words.
  q('sql-server', 'multi-word', 'sv', { searchTerm: 'sql server' }, { skills: ['sql-server'] }),
  q('power-bi', 'multi-word', 'sv', { searchTerm: 'power bi' }, { skills: ['power-bi'] }),
  q(
    'machine-learning',
    'multi-word',
    'en',
    { searchTerm: 'machine learning' },
    { skills: ['machine-learning'] },
  ),
  q('spring-boot', 'multi-word', 'en', { searchTerm: 'spring boot' }, { skills: ['spring-boot'] }),
  q('react-native', 'multi-word', 'en', { searchTerm: 'react native' }, { skills: ['react-native'] }),
  q('google-cloud', 'multi-word', 'en', { searchTerm: 'google cloud' }, { skills: ['gcp'] }),
  q(
    'stakeholder-management',
    'multi-word',
    'en',
    { searchTerm: 'stakeholder management' },
    { skills: ['stakeholder-management'] },
  ),

  // Abbreviations and symbols.
  q('csharp', 'symbol', 'en', { searchTerm: 'c#' }, { skills: ['csharp'] }),
  q('cpp', 'symbol', 'sv', { searchTerm: 'c++' }, { skills: ['cpp'] }),
  q('dotnet', 'symbol', 'sv', { searchTerm: '.net' }, { skills: ['dotnet'] }),
  q('nodejs', 'symbol', 'en', { searchTerm: 'node.js' }, { skills: ['nodejs'] }),
  q('fsharp', 'symbol', 'en', { searchTerm: 'f#' }, { skills: ['fsharp'] }),
  q('k8s', 'symbol', 'en', { searchTerm: 'k8s' }, { skills: ['kubernetes'] }),
  q('js', 'symbol', 'sv', { searchTerm: 'js' }, { skills: ['javascript'] }),
  q('ml', 'symbol', 'en', { searchTerm: 'ml' }, { skills: ['machine-learning'] }),

  // Swedish compounds.
  q(
    'javautvecklare',
    'compound',
    'sv',
    { searchTerm: 'javautvecklare' },
    { skills: ['java'], titles: JVM_DEVELOPERS },
  ),
  q(
    'pythonutvecklare',
    'compound',
    'sv',
    { searchTerm: 'pythonutvecklare' },
    { skills: ['python'], titles: [...DEVELOPERS, 'python-developer', 'embedded-developer'] },
  ),
  q(
    'sapkonsult',
    'compound',
    'sv',
    { searchTerm: 'sapkonsult' },
    { skills: ['sap'], titles: SAP_CONSULTANTS, relatedTitles: ['erp-consultant'] },
  ),
  q(
    'molnarkitekt',
    'compound',
    'sv',
    { searchTerm: 'molnarkitekt' },
    { titles: ['cloud-architect'], relatedTitles: ['devops-engineer', 'solution-architect'] },
  ),
  q(
    'testautomatiserare',
    'compound',
    'sv',
    { searchTerm: 'testautomatiserare' },
    { titles: ['test-automation-engineer'], relatedTitles: ['qa-engineer', 'tester'] },
  ),

  // Typos.
  q('javsacript', 'typo', 'sv', { searchTerm: 'javsacript' }, { skills: ['javascript'] }),
  q('kuberentes', 'typo', 'en', { searchTerm: 'kuberentes' }, { skills: ['kubernetes'] }),
  q(
    'projektledre',
    'typo',
    'sv',
    { searchTerm: 'projektledre' },
    { titles: PROJECT_MANAGERS, relatedTitles: PROJECT_RELATED },
  ),
  q('pyhton', 'typo', 'en', { searchTerm: 'pyhton' }, { skills: ['python'] }),
  q('salesfroce', 'typo', 'sv', { searchTerm: 'salesfroce' }, { skills: ['salesforce'] }),

  // English words against Swedish profiles, and the reverse.
  q(
    'project-manager',
    'cross-language',
    'en',
    { searchTerm: 'project manager' },
    { titles: PROJECT_MANAGERS, relatedTitles: PROJECT_RELATED },
  ),
  q('accounting', 'cross-language', 'en', { searchTerm: 'accounting' }, { skills: ['accounting'] }),
  q(
    'change-management',
    'cross-language',
    'en',
    { searchTerm: 'change management' },
    { skills: ['change-management'] },
  ),
  q(
    'requirements-management',
    'cross-language',
    'en',
    { searchTerm: 'requirements management' },
    { skills: ['requirements-management'] },
  ),
  q(
    'information-security',
    'cross-language',
    'en',
    { searchTerm: 'information security' },
    { skills: ['information-security'] },
  ),
  q('recruitment', 'cross-language', 'en', { searchTerm: 'recruitment' }, { skills: ['recruitment'] }),
  q(
    'systemutvecklare',
    'cross-language',
    'sv',
    { searchTerm: 'systemutvecklare' },
    { titles: ['software-developer'], relatedTitles: ['backend-developer', 'fullstack-developer'] },
  ),
  // Added after the ranking was tuned, to check that it generalises.
  q('angular', 'skill', 'en', { searchTerm: 'angular' }, { skills: ['angular'] }),
  q(
    'angular-utvecklare',
    'skill-role',
    'sv',
    { searchTerm: 'angular utvecklare' },
    { skills: ['angular'], titles: WEB_DEVELOPERS },
  ),
  q(
    'kotlin-android',
    'skill-role',
    'en',
    { searchTerm: 'kotlin android developer' },
    { skills: ['kotlin'], titles: ['android-developer'], relatedTitles: ['mobile-developer'] },
  ),
  q(
    'data-engineer-stockholm',
    'role-place',
    'en',
    { searchTerm: 'data engineer stockholm' },
    { titles: ['data-engineer'], relatedTitles: ['data-architect'], locations: ['stockholm'] },
  ),
  q('dynamics-365', 'multi-word', 'sv', { searchTerm: 'dynamics 365' }, { skills: ['dynamics-365'] }),
  q(
    'tjanstedesigner',
    'cross-language',
    'en',
    { searchTerm: 'tjänstedesigner' },
    { titles: ['service-designer'], relatedTitles: ['ux-designer', 'interaction-designer'] },
  ),
  q('c-plus-plus-embedded', 'symbol', 'en', { searchTerm: 'c++ embedded' }, { skills: ['cpp'] }),
  q(
    'testledare',
    'cross-language',
    'sv',
    { searchTerm: 'testledare' },
    { titles: ['test-manager'], relatedTitles: ['qa-engineer', 'tester'] },
  ),
  // A town for its region (added with the towns of `WORK_LOCATION_ALIASES`): 'malmö' asks for Skåne.
  q(
    'frontend-developer-malmo',
    'role-place',
    'en',
    { searchTerm: 'frontend developer malmö' },
    {
      titles: ['frontend-developer'],
      relatedTitles: ['web-developer', 'fullstack-developer'],
      locations: ['skane'],
    },
  ),
  q(
    'projektledare-linkoping',
    'role-place',
    'sv',
    { searchTerm: 'projektledare linköping' },
    { titles: PROJECT_MANAGERS, relatedTitles: PROJECT_RELATED, locations: ['ostergotland'] },
  ),
  q(
    'java-umea',
    'role-place',
    'sv',
    { searchTerm: 'java umeå' },
    { skills: ['java'], locations: ['vasterbotten'] },
  ),
  q(
    'controller-lund',
    'role-place',
    'en',
    { searchTerm: 'controller lund' },
    { titles: ['controller', 'financial-controller'], locations: ['skane'] },
  ),
];
