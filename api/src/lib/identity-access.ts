import { hasPremiumAccess } from '../features/subscriptions/premium-gate';
import type { AuthUser } from '../plugins/auth';

/** The caller as the identity rules need it; null for a visitor. */
export type IdentityViewer = Pick<AuthUser, 'id' | 'verified' | 'isPremium' | 'isAdmin'> | null;

/**
 * Whether the caller may see who consultants are (names and pictures on search cards): verified users only
 * (spec section 6, the app area is for verified users). A visitor or a session that never finished setup (an
 * unverified BankID login without an e-mail) gets anonymous cards. The one place this rule lives; the
 * profile view below builds on it.
 */
export function maySeeIdentities(viewer: IdentityViewer): boolean {
  return viewer?.verified === true;
}

/**
 * Which view of a consultant's profile the caller gets: the owner always the full one; otherwise a verified
 * premium user or admin the full one (names, picture, contact details); another verified user the named one
 * (names and picture, as on the search cards they come from; the contact details are premium's); everyone
 * else the anonymous one.
 */
export function profileViewFor(viewer: IdentityViewer, ownerId: string): 'full' | 'named' | 'anonymous' {
  if (viewer?.id === ownerId) return 'full';
  if (!maySeeIdentities(viewer)) return 'anonymous';
  return hasPremiumAccess(viewer) ? 'full' : 'named';
}
