/**
 * Service tickets: unguessable session identifiers.
 *
 * A ticket is 32 bytes (256 bits) from the operating system's CSPRNG
 * (`crypto.randomBytes`), written as unpadded base64url (RFC 4648 §5): 43
 * characters, URL-safe, so it travels unchanged in HTTP GET query strings and
 * form bodies as well as in SOAP envelopes.
 */
import { randomBytes } from 'node:crypto';

/** Number of random bytes in a ticket (256 bits; the floor is 128 bits). */
export const TICKET_BYTES = 32;

/** Text length of a ticket: ceil(32 * 4 / 3) = 43 base64url characters. */
export const TICKET_LENGTH = Math.ceil((TICKET_BYTES * 4) / 3);

const TICKET_PATTERN = /^[A-Za-z0-9_-]+$/;

/** Creates a new random ticket. */
export function newTicket(): string {
  return randomBytes(TICKET_BYTES).toString('base64url');
}

/**
 * Whether `text` has the shape of a ticket this service issues. Used to reject
 * junk before it reaches the session store (a shape check, not a validity check).
 */
export function isWellFormedTicket(text: string): boolean {
  return text.length === TICKET_LENGTH && TICKET_PATTERN.test(text);
}
