/** The console routes' body limit: an email, a password of at most 1024 characters, a role, with room to spare. */
export const CONSOLE_BODY_LIMIT = 16 * 1024;
