/**
 * Round robin: the i-th lead goes to the (i mod n)-th agent, so N leads over k agents give each
 * agent N/k, the first N mod k agents one more. Answers lead ids per agent, in lead order.
 */
export function distributeRoundRobin<Lead, Agent>(leads: readonly Lead[], agents: readonly Agent[]): Map<Agent, Lead[]> {
  const shares = new Map<Agent, Lead[]>(agents.map((agent) => [agent, []]));
  if (agents.length === 0) return shares;
  leads.forEach((lead, index) => shares.get(agents[index % agents.length])!.push(lead));
  return shares;
}
