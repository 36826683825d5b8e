import type { DiscType, DiscTypeId } from '@mp/domain/value-lists';

interface DiscWheelProps {
  types: readonly DiscType[];
  labelOf: (type: DiscType) => string;
  title: string;
  /** A consultant's own style: its slice stands out, the others fade. */
  selected?: DiscTypeId | null;
}

function polar(angleDegrees: number, radius: number): [number, number] {
  const radians = ((angleDegrees - 90) * Math.PI) / 180;
  return [100 + radius * Math.cos(radians), 100 + radius * Math.sin(radians)];
}

/** The eight behavioural styles as a pie of equal slices, clockwise from Conductor. */
export function DiscWheel({ types, labelOf, title, selected = null }: DiscWheelProps) {
  const slice = 360 / types.length;
  return (
    <svg
      viewBox="0 0 200 200"
      role="img"
      aria-label={title}
      style={{ width: '100%', maxWidth: 320, height: 'auto' }}
    >
      <title>{title}</title>
      {types.map((type, index) => {
        const start = index * slice - slice / 2;
        const end = start + slice;
        const [x1, y1] = polar(start, 96);
        const [x2, y2] = polar(end, 96);
        const [lx, ly] = polar(start + slice / 2, 66);
        return (
          <g key={type.id} opacity={selected && selected !== type.id ? 0.3 : 1}>
            <path
              d={`M100,100 L${x1},${y1} A96,96 0 0,1 ${x2},${y2} Z`}
              fill={type.colour}
              stroke="#fff"
              strokeWidth={2}
            />
            <text
              x={lx}
              y={ly}
              textAnchor="middle"
              dominantBaseline="middle"
              fontSize={9}
              fontWeight={700}
              fill={type.id === 'promoter' || type.id === 'relater' ? '#1b2a35' : '#ffffff'}
            >
              {type.code}
            </text>
            <text
              x={lx}
              y={ly + 10}
              textAnchor="middle"
              dominantBaseline="middle"
              fontSize={6.5}
              fill={type.id === 'promoter' || type.id === 'relater' ? '#1b2a35' : '#ffffff'}
            >
              {labelOf(type)}
            </text>
          </g>
        );
      })}
      <circle cx={100} cy={100} r={22} fill="#fff" />
      <text
        x={100}
        y={101}
        textAnchor="middle"
        dominantBaseline="middle"
        fontSize={12}
        fontWeight={700}
        fill="#1d4e6f"
      >
        DISC
      </text>
    </svg>
  );
}
