import type { AdminCommand, AdminCommandResult } from './admin-accounts.ts';
import type { Database } from './db.ts';
import {
  countPerson,
  describeCounts,
  describePossible,
  erasePerson,
  exportPerson,
  type PossibleMatch,
} from './person-data.ts';

/** export, count and erase (local/person-data.ts), with the possible matches they leave out. */
export async function runPersonCommand(
  db: Database,
  command: Extract<AdminCommand, { phone: string }>,
): Promise<AdminCommandResult> {
  switch (command.command) {
    case 'export': {
      const options = { includePossible: command.includePossible ?? false };
      return {
        ok: true,
        message: JSON.stringify(await exportPerson(db, command.phone, options), null, 2),
      };
    }
    case 'count': {
      const options = { includePossible: command.includePossible ?? false };
      const { canonicalPhone, counts, possible } = await countPerson(db, command.phone, options);
      return {
        ok: true,
        message: `About ${canonicalPhone}: ${describeCounts(counts)}.${possibleNote(possible)}`,
        counts,
        possible,
      };
    }
    case 'erase': {
      const options = { includePossible: command.includePossible ?? false };
      const { canonicalPhone, counts, possible } = await erasePerson(db, command.phone, options);
      return {
        ok: true,
        message: `Erased about ${canonicalPhone}: ${describeCounts(counts)}.${possibleNote(possible, 'not erased')}`,
        counts,
        possible,
      };
    }
  }
}

/** The possible matches left out, for the operator to check and confirm with --include-possible. */
function possibleNote(possible: PossibleMatch[], left = 'not included'): string {
  if (!possible.length) return '';
  return `\nPossible matches, ${left} (a number without a country code with the same national digits; check them, then add --include-possible if they are this person):\n${describePossible(possible)}`;
}
