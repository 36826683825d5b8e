import { forwardRef } from 'react';
import { Link as RouterLink, type LinkProps as RouterLinkProps } from 'react-router-dom';

/**
 * Lets every MUI Link and Button with an `href` navigate inside the single-page app (set as the theme's
 * default link component). External, mail and download links keep a plain anchor.
 */
export const LinkBehavior = forwardRef<HTMLAnchorElement, Omit<RouterLinkProps, 'to'> & { href: string }>(
  function LinkBehavior({ href, ...props }, ref) {
    if (/^(?:[a-z]+:|\/\/)/i.test(href) || props.download !== undefined) {
      return <a ref={ref} href={href} {...props} />;
    }
    return <RouterLink ref={ref} to={href} {...props} />;
  },
);
