// The one closing line every fault test prints: what it sent, what the site
// acknowledged, what the database holds afterwards, and how much of the acknowledged was lost.

export interface FaultTally {
  /** Requests sent to the site during the scenario. */
  sent: number;
  /** Requests the site answered as saved ("Order Submitted!", "Message Sent!", a chat reply). */
  acknowledged: number;
  /** Acknowledged rows found in the database afterwards. */
  found: number;
}

/** Prints `fault <scenario>: sent …, acknowledged …, rows found …, lost …` and returns the number lost. */
export function reportFault(scenario: string, { sent, acknowledged, found }: FaultTally): number {
  const lost = Math.max(0, acknowledged - found);
  console.log(`fault ${scenario}: sent ${sent}, acknowledged ${acknowledged}, rows found ${found}, lost ${lost}`);
  return lost;
}
