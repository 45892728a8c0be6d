/**
 * What a provider's webhook address answers (the provider shows it in its delivery log): the
 * answers every provider shares, named for `provider`; each adds its own.
 */
export function providerWebhookAnswers(provider: string) {
  return {
    handled: { status: 200, text: "Received." },
    duplicate: { status: 200, text: "Already received." },
    not_configured: { status: 400, text: `${provider} webhooks are not set up on this site.` },
    unverified: { status: 400, text: `The ${provider} signature could not be verified.` },
  };
}

/** A payment provider's event for an order that is not here: taken, and logged, else retried for days. */
export const UNMATCHED_EVENT = { status: 200, text: "Received; nothing here matches it." };
