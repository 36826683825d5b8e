/**
 * A BankID mark for the login button. Decorative: the button's text says "BankID", so the image is hidden
 * from assistive technology.
 */
export function BankIdLogo({ size = 22, inverted = false }: { size?: number; inverted?: boolean }) {
  const background = inverted ? '#ffffff' : '#193e4f';
  const foreground = inverted ? '#193e4f' : '#ffffff';
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden focusable="false">
      <rect width="32" height="32" rx="7" fill={background} />
      <path
        d="M9.5 9.2h4.2c2.5 0 3.9 1.1 3.9 3 0 1.3-.8 2.2-1.9 2.6 1.5.3 2.4 1.4 2.4 2.9 0 2.2-1.6 3.5-4.3 3.5H9.5zm3.8 5.1c1.2 0 1.8-.5 1.8-1.4s-.6-1.4-1.8-1.4h-1.1v2.8zm.4 5c1.3 0 2-.6 2-1.6s-.7-1.6-2-1.6h-1.5v3.2z"
        fill={foreground}
      />
      <rect x="20" y="13.3" width="2.6" height="8" rx="0.6" fill={foreground} />
      <circle cx="21.3" cy="10.6" r="1.5" fill={foreground} />
    </svg>
  );
}
