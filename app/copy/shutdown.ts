// What a client reads when its request arrives while the server shuts down (docs/operations.md,
// "Graceful shutdown"): a plain text, sent with Retry-After, before any page could be rendered.
export const SHUTDOWN_TEXT = "The site is restarting. Please try again in a few seconds.";
