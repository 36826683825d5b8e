import type { DiscFactorId, DrivingForceId, Locale, LocalizedText } from '@mp/domain';

// The assessment's 36 questions (docs/assessment.md). Questions 1-24 are statements about behaviour at work,
// six per DISC factor, answered on a five-step agreement scale. Questions 25-36 weigh two opposite driving
// forces against each other, two questions per motivator group, answered on a five-step scale from the left
// statement (1) to the right one (5). Order interleaves the factors so no factor comes in a run.

export type AssessmentQuestion =
  | { number: number; kind: 'statement'; factor: DiscFactorId; text: LocalizedText }
  | {
      number: number;
      kind: 'pair';
      left: { force: DrivingForceId; text: LocalizedText };
      right: { force: DrivingForceId; text: LocalizedText };
    };

const t = (en: string, sv: string): LocalizedText => ({ en, sv });

const statements: [DiscFactorId, LocalizedText][] = [
  [
    'D',
    t(
      'I make decisions quickly, even with incomplete information.',
      'Jag fattar beslut snabbt, även när underlaget är ofullständigt.',
    ),
  ],
  [
    'I',
    t(
      'I enjoy meeting new people and start conversations easily.',
      'Jag tycker om att träffa nya människor och inleder gärna samtal.',
    ),
  ],
  [
    'S',
    t(
      'I prefer a steady pace and predictable routines.',
      'Jag föredrar ett jämnt tempo och förutsägbara rutiner.',
    ),
  ],
  [
    'C',
    t(
      'I check details carefully before I consider a task finished.',
      'Jag kontrollerar detaljer noga innan jag ser en uppgift som klar.',
    ),
  ],
  ['D', t('I take charge when a group lacks direction.', 'Jag tar ledningen när en grupp saknar riktning.')],
  ['I', t('I like to inspire others with my ideas.', 'Jag inspirerar gärna andra med mina idéer.')],
  [
    'S',
    t(
      'I am a patient listener when colleagues need support.',
      'Jag lyssnar tålmodigt när kollegor behöver stöd.',
    ),
  ],
  ['C', t('I follow established methods and standards.', 'Jag följer etablerade metoder och standarder.')],
  [
    'D',
    t('I am driven by challenges and measurable results.', 'Jag drivs av utmaningar och mätbara resultat.'),
  ],
  [
    'I',
    t(
      'I am optimistic, even when a project runs into trouble.',
      'Jag är optimistisk även när ett projekt stöter på problem.',
    ),
  ],
  [
    'S',
    t(
      'I value loyalty and long-term working relationships.',
      'Jag värdesätter lojalitet och långsiktiga arbetsrelationer.',
    ),
  ],
  [
    'C',
    t(
      'I want facts and analysis before I form an opinion.',
      'Jag vill ha fakta och analys innan jag bildar mig en uppfattning.',
    ),
  ],
  [
    'D',
    t(
      'I say what I think directly, even when it is uncomfortable.',
      'Jag säger rakt ut vad jag tycker, även när det är obekvämt.',
    ),
  ],
  [
    'I',
    t(
      'I get energy from working with others rather than alone.',
      'Jag får energi av att arbeta med andra snarare än ensam.',
    ),
  ],
  [
    'S',
    t(
      'I finish what I start before taking on something new.',
      'Jag slutför det jag påbörjat innan jag tar mig an något nytt.',
    ),
  ],
  ['C', t('I plan my work in detail before I begin.', 'Jag planerar mitt arbete i detalj innan jag börjar.')],
  [
    'D',
    t(
      'I push for change when things move too slowly.',
      'Jag driver på förändring när saker går för långsamt.',
    ),
  ],
  ['I', t('I find it easy to persuade others.', 'Jag har lätt för att övertyga andra.')],
  ['S', t('I help keep the peace when a team disagrees.', 'Jag bidrar till lugn när ett team är oense.')],
  ['C', t('Quality matters more to me than speed.', 'Kvalitet är viktigare för mig än snabbhet.')],
  [
    'D',
    t(
      'I am comfortable taking risks to reach a goal.',
      'Jag är bekväm med att ta risker för att nå ett mål.',
    ),
  ],
  [
    'I',
    t(
      'I like being visible and presenting to a group.',
      'Jag tycker om att synas och presentera inför en grupp.',
    ),
  ],
  [
    'S',
    t(
      'I adapt to what the team needs rather than to what I want.',
      'Jag anpassar mig efter vad teamet behöver snarare än vad jag vill.',
    ),
  ],
  [
    'C',
    t(
      'I notice errors and inconsistencies that others miss.',
      'Jag upptäcker fel och inkonsekvenser som andra missar.',
    ),
  ],
];

const pairs: [DrivingForceId, LocalizedText, DrivingForceId, LocalizedText][] = [
  [
    'instinctive',
    t(
      'I learn what the task needs, when it needs it.',
      'Jag lär mig det uppgiften kräver, när den kräver det.',
    ),
    'intellectual',
    t(
      'I learn for the joy of understanding things deeply.',
      'Jag lär mig för glädjen i att förstå saker på djupet.',
    ),
  ],
  [
    'selfless',
    t(
      'I do good work for its own sake, whatever it earns.',
      'Jag gör ett bra arbete för dess egen skull, oavsett vad det ger.',
    ),
    'resourceful',
    t(
      'I want my effort to pay off in practical, measurable returns.',
      'Jag vill att min insats ska ge praktisk, mätbar avkastning.',
    ),
  ],
  [
    'objective',
    t(
      'Function matters more to me than form or atmosphere.',
      'Funktion betyder mer för mig än form eller stämning.',
    ),
    'harmonious',
    t(
      'I need a pleasant, balanced environment to do my best.',
      'Jag behöver en trivsam och balanserad miljö för att göra mitt bästa.',
    ),
  ],
  [
    'intentional',
    t('I help others when it serves a clear purpose.', 'Jag hjälper andra när det fyller ett tydligt syfte.'),
    'altruistic',
    t('I help others simply because they need it.', 'Jag hjälper andra helt enkelt för att de behöver det.'),
  ],
  [
    'collaborative',
    t('I am happy to support others and share the credit.', 'Jag stöttar gärna andra och delar på äran.'),
    'commanding',
    t(
      'I want influence, status and control over the outcome.',
      'Jag vill ha inflytande, status och kontroll över resultatet.',
    ),
  ],
  [
    'receptive',
    t('I like trying new ways of doing things.', 'Jag tycker om att pröva nya sätt att göra saker på.'),
    'structured',
    t(
      'I rely on proven systems and clear rules.',
      'Jag förlitar mig på beprövade system och tydliga regler.',
    ),
  ],
  [
    'instinctive',
    t('I trust my experience and gut feeling.', 'Jag litar på min erfarenhet och min magkänsla.'),
    'intellectual',
    t('I look for theories and research before I act.', 'Jag söker teorier och forskning innan jag agerar.'),
  ],
  [
    'selfless',
    t(
      'I would rather finish the job well than negotiate my rate.',
      'Jag slutför hellre jobbet väl än förhandlar om mitt arvode.',
    ),
    'resourceful',
    t(
      'I weigh every task by the time and money it takes.',
      'Jag väger varje uppgift mot den tid och de pengar den kostar.',
    ),
  ],
  [
    'objective',
    t(
      'I can work anywhere as long as the tools work.',
      'Jag kan arbeta var som helst så länge verktygen fungerar.',
    ),
    'harmonious',
    t(
      'The look and feel of my surroundings affect my work.',
      'Hur min omgivning ser ut och känns påverkar mitt arbete.',
    ),
  ],
  [
    'intentional',
    t('I choose carefully whom I invest my time in.', 'Jag väljer noga vilka jag lägger min tid på.'),
    'altruistic',
    t('I put other people’s needs before my own.', 'Jag sätter andras behov före mina egna.'),
  ],
  [
    'collaborative',
    t('I prefer being a valued team member to leading.', 'Jag är hellre en uppskattad teammedlem än ledare.'),
    'commanding',
    t('I want to be recognised for what I achieve.', 'Jag vill bli erkänd för det jag åstadkommer.'),
  ],
  [
    'receptive',
    t(
      'Rules are guidelines that I bend when it helps.',
      'Regler är riktlinjer som jag böjer när det hjälper.',
    ),
    'structured',
    t('I want a clear structure before I start.', 'Jag vill ha en tydlig struktur innan jag börjar.'),
  ],
];

export const ASSESSMENT_QUESTIONS: readonly AssessmentQuestion[] = [
  ...statements.map(([factor, text], i) => ({ number: i + 1, kind: 'statement' as const, factor, text })),
  ...pairs.map(([leftForce, leftText, rightForce, rightText], i) => ({
    number: statements.length + i + 1,
    kind: 'pair' as const,
    left: { force: leftForce, text: leftText },
    right: { force: rightForce, text: rightText },
  })),
];

export const QUESTION_COUNT = ASSESSMENT_QUESTIONS.length;

/** The questions as the web shows them, in one language. */
export function localizeQuestions(locale: Locale) {
  return ASSESSMENT_QUESTIONS.map((q) =>
    q.kind === 'statement'
      ? { number: q.number, kind: q.kind, text: q.text[locale], left: null, right: null }
      : {
          number: q.number,
          kind: q.kind,
          text: null,
          left: q.left.text[locale],
          right: q.right.text[locale],
        },
  );
}
