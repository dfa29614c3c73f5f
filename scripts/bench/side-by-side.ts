// Two servers of the site on one database under the same mix, interleaved in short rounds (issue #25: the previous
// version beside this one in one run), so that whatever else loads the machine meanwhile falls on both alike.
import { runLoad, type LoadResult, type MixUrl } from "./mix";

export interface Side {
  label: string;
  origin: string;
  /** The server's process id, for its peak memory. */
  pid: number;
}

export interface SideBySideOptions {
  connections: number;
  /** About how long each side is measured, in all. */
  seconds: number;
  /** About how long a round of one side lasts. */
  roundSeconds: number;
  warmupRequests: number;
}

export interface SideBySideResult {
  results: LoadResult[];
  rounds: number;
  requestsPerRound: number;
}

/**
 * Warms each side up with the same requests, then measures them in turn, round by round: every round sends both
 * sides the same stretch of the sequence (the same URLs in the same order), and the side that goes first alternates
 * (A B, B A, A B…) so a drift in the machine's load does not favour either. A round's length in requests follows
 * the slower side's last rate, so a round lasts about `roundSeconds`.
 */
export async function sideBySide(
  sides: Side[],
  sequence: MixUrl[],
  options: SideBySideOptions,
): Promise<SideBySideResult> {
  let from = 0;
  let rate = Infinity;
  for (const side of sides) {
    const warm = await runLoad(side.origin, sequence, {
      connections: options.connections,
      amount: options.warmupRequests,
    });
    rate = Math.min(rate, warm.samples.length / warm.seconds);
    from = warm.next;
  }
  const rounds = Math.max(2, Math.round(options.seconds / options.roundSeconds));
  const results: LoadResult[] = sides.map(() => ({ samples: [], seconds: 0, peakServerMb: 0 }));
  let requestsPerRound = 0;
  for (let round = 0; round < rounds; round++) {
    const amount = Math.max(options.connections * 20, Math.round(rate * options.roundSeconds));
    requestsPerRound += amount;
    const order = sides.map((_, i) => i);
    if (round % 2 === 1) order.reverse();
    rate = Infinity;
    for (const i of order) {
      const side = sides[i]!;
      const run = await runLoad(side.origin, sequence, {
        connections: options.connections,
        amount,
        from,
        serverPid: side.pid,
      });
      const total = results[i]!;
      total.samples.push(...run.samples);
      total.seconds += run.seconds;
      total.peakServerMb = Math.max(total.peakServerMb, run.peakServerMb);
      rate = Math.min(rate, run.samples.length / run.seconds);
    }
    from = (from + amount) % sequence.length;
  }
  return { results, rounds, requestsPerRound: Math.round(requestsPerRound / rounds) };
}
